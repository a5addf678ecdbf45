// MCP (rank 3): external AI agents drive the workbook through the Model Context Protocol, with
// the REST API's request and response shapes and its editing use-cases. The only module that
// imports the MCP SDK.
export { answerMcpHttp, createMcpServer, type McpOptions } from './server.js';
export { relayStdioTo } from './stdio-proxy.js';
export { TOOLS } from './tools.js';
export { DEFAULT_PAGE_CELLS, MAX_PAGE_CELLS } from './peek-pages.js';
