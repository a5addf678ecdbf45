// W4's load generator in a process of its own, so the client's pauses (the runner's heap after
// the earlier workloads) never show up as server latency, and it gets a core to itself.
// Usage: w4-cannon-child.ts <url> <connections> <seconds> <first i> [<headers as JSON>]; prints
// one JSON line. The headers (SaaS mode's Authorization and X-Workbook-Id) go with every request.
import autocannon from 'autocannon';

const ROWS = 1000;

async function main(): Promise<void> {
  const [url, connectionsText, secondsText, firstText, headersText] = process.argv.slice(2);
  const headers = JSON.parse(headersText ?? '{}') as Record<string, string>;
  const connections = Number(connectionsText);
  const duration = Number(secondsText);
  let i = Number(firstText);
  if (url === undefined || !(connections > 0) || !(duration > 0) || !Number.isInteger(i)) {
    throw new Error('usage: w4-cannon-child.ts <url> <connections> <seconds> <first i>');
  }
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/grid/cell',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (request) => {
          i += 1;
          return { ...request, body: `{"cell":"B${(i % ROWS) + 1}","value":"${i}"}` };
        },
      },
    ],
  });
  const summary = {
    writesPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    written: result['2xx'],
    failures: result.errors + result.timeouts + result.non2xx,
    lastI: i,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

await main();
