// agent (rank 2): agent definitions (data) and deterministic routing, the grid context and
// prompt, the reply contract and its tolerant parser, previews, apply (guardrails, collision,
// one undo step), the chain loop and macro proposals. Imports core and providers (through their
// index files) only; never http, hosting or vendor SDKs.
export {
  AgentService,
  type AgentServiceOptions,
  type AgentSummary,
  type ApplyInput,
  type ChainInput,
  type ChatInput,
} from './agent-service.js';
export {
  builtInAgents,
  FALLBACK_AGENT_ID,
  parseAgentDefinition,
  pluginAgentDefinition,
  type AgentDefinition,
} from './agent-definitions.js';
export type { ApplyOutcome, ApplyStatus } from './apply.js';
export {
  clampIterations,
  MAX_CHAIN_ITERATIONS,
  type ChainHooks,
  type ChainResult,
  type ChainStep,
} from './chain.js';
export { ModelOutputError } from './errors.js';
export type { Scope } from './grid-context.js';
export type { ProposedMacro } from './macros.js';
export type { Observation } from './observations.js';
export type { AgentReply, Plan, PlanSection } from './parse-reply.js';
export type { AgentPreview } from './preview.js';
export { routePrompt, type RoutingDecision } from './routing.js';
export { applyInputOf, applyResponseOf, chatInputOf } from './wire-requests.js';
