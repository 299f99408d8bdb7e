/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * `npm run demo`: the five demo workflows executed headless by a real n8n (`n8n execute`)
 * against the local simulator; prints the output items of each.
 *
 * N8N_RUNTIME=1 uses the n8n 1.x runtime. SIM_PORT (default 8025) sets the simulator's port.
 */
import {
	demoCredential,
	demoWorkflows,
	elapsed,
	executeWorkflow,
	importIfChanged,
} from './runtime';
import { launchPorts } from './ports';
import { prepareSession } from './session';

function table(items: Array<Record<string, unknown>>): string {
	const columns = [
		'input',
		'to',
		'verdict',
		'status',
		'messageId',
		'clientReference',
		'reason',
		'values',
		'balance',
		'model',
	];
	const present = columns.filter((c) => items.some((i) => i[c] !== undefined));
	const cell = (v: unknown): string => {
		if (v === undefined || v === null) return '';
		if (typeof v !== 'object') return String(v);
		const status = v as { id?: unknown; label?: unknown };
		return status.id !== undefined
			? `${String(status.id)} ${String(status.label ?? '')}`
			: JSON.stringify(v);
	};
	const rows = items.map((i) => present.map((c) => cell(i[c])));
	const widths = present.map((c, k) => Math.max(c.length, ...rows.map((r) => r[k].length)));
	const line = (cells: string[]) => '  ' + cells.map((c, k) => c.padEnd(widths[k])).join('  ');
	return [line(present), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
	const t0 = Date.now();
	// The demo's n8n CLI has a port of its own (5690), so it can run next to `npm start`.
	const ports = launchPorts({ SIM_PORT: process.env.SIM_PORT, N8N_PORT: '5690' }, 5690);
	const { runtime, userFolder, sim, simUrl, stopFollowing } = await prepareSession('demo', ports);
	let failed = 0;
	try {
		const env = { port: ports.n8n, brokerPort: ports.broker };
		await importIfChanged(runtime, userFolder, [demoCredential(simUrl)], demoWorkflows(), env);
		for (const workflow of demoWorkflows()) {
			const t1 = Date.now();
			process.stdout.write(
				`\n=== ${workflow.name} (n8n execute --id=${workflow.id} --rawOutput)\n`,
			);
			const result = await executeWorkflow(runtime, userFolder, workflow.id, env);
			await new Promise((r) => setTimeout(r, 400)); // let the journal lines print first
			if (!result.ok) {
				failed++;
				process.stdout.write(`  FAILED: ${result.errorMessage ?? 'unknown error'}\n`);
				continue;
			}
			const items = result.items();
			process.stdout.write(`${table(items)}\n`);
			process.stdout.write(`  ${items.length} item(s) in ${elapsed(t1)}. First item in full:\n`);
			process.stdout.write(
				JSON.stringify(items[0], null, 2)
					.split('\n')
					.map((l) => `    ${l}`)
					.join('\n') + '\n',
			);
		}
	} finally {
		stopFollowing();
		await sim.stop();
	}
	process.stdout.write(
		`\nDemo finished in ${elapsed(t0)}${failed ? `, ${failed} workflow(s) FAILED` : ''}.\n`,
	);
	process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
