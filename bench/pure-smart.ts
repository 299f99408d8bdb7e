/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Smart Encoding's cost (bench/pure.ts runs this): the same Send items read with the option off
 * and on, for a text that Auto makes Unicode only for its look-alikes (’ and –), the two runs
 * interleaved so that a change of the machine's load hits both alike. The difference of the
 * medians is what Smart Encoding adds to one text sent to N numbers; it is printed against a whole
 * Send run (pure.ts's "node end to end: Send, JSON").
 */
import type { INodeParameters } from 'n8n-workflow';

const LOOK_ALIKE_TEXT = 'We’re open – see you tomorrow.';
const RUNS = 9;

const measured = {
	off: { wall: [] as number[], cpu: [] as number[] },
	on: { wall: [] as number[], cpu: [] as number[] },
	/** On for every item through `{{ $json.smart }}`: the option read per item by the field-reference fast path. */
	perItem: { wall: [] as number[], cpu: [] as number[] },
};

const SETTING = { off: false, on: true, perItem: '={{ $json.smart }}' } as const;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/** Reading the Send items with Smart Encoding off, then on, RUNS times each, interleaved. */
export async function smartEncodingStages(
	read: (parameters: INodeParameters) => unknown,
	sendParameters: INodeParameters,
) {
	const parameters = (smartEncoding: boolean | string) => ({
		...sendParameters,
		message: LOOK_ALIKE_TEXT,
		messageType: 'auto',
		options: { smartEncoding },
	});
	for (let run = 0; run < RUNS; run++) {
		for (const key of ['off', 'on', 'perItem'] as const) {
			const wall = performance.now();
			const cpu = process.cpuUsage();
			read(parameters(SETTING[key]));
			const used = process.cpuUsage(cpu);
			measured[key].wall.push(performance.now() - wall);
			measured[key].cpu.push((used.user + used.system) / 1000);
		}
	}
}

/** Smart Encoding's cost against a whole Send run of N numbers, in wall and CPU time. */
export function printSmartEncoding(
	rows: ReadonlyArray<{ stage: string; ms: number; cpuMs: number }>,
	n: number,
) {
	const whole = rows.find((row) => row.stage === 'node end to end: Send, JSON');
	if (!whole || measured.on.wall.length === 0) return;
	const [off, on, perItem] = [measured.off, measured.on, measured.perItem].map((m) => ({
		wall: median(m.wall),
		cpu: median(m.cpu),
	}));
	const share = (cost: number, of: number) => `${((cost / of) * 100).toFixed(1)}%`;
	const [wall, cpu] = [on.wall - off.wall, on.cpu - off.cpu];
	process.stdout.write(
		`Smart Encoding, one text to ${n.toLocaleString('en')} numbers (median of ${RUNS}, interleaved): ${wall.toFixed(1)} ms wall (on ${on.wall.toFixed(1)}, off ${off.wall.toFixed(1)}), ${share(wall, whole.ms)} of Send end to end (${whole.ms.toFixed(0)} ms); ${cpu.toFixed(1)} ms CPU (on ${on.cpu.toFixed(1)}, off ${off.cpu.toFixed(1)}), ${share(cpu, whole.cpuMs)} of its ${whole.cpuMs.toFixed(0)} ms CPU\n`,
	);
	const [perWall, perCpu] = [perItem.wall - on.wall, perItem.cpu - on.cpu];
	process.stdout.write(
		`Smart Encoding read per item from {{ $json.smart }} (on for every item): ${perWall.toFixed(1)} ms wall (${perItem.wall.toFixed(1)} against on ${on.wall.toFixed(1)}), ${perCpu.toFixed(1)} ms CPU (${perItem.cpu.toFixed(1)} against ${on.cpu.toFixed(1)}), ${share(perCpu, whole.cpuMs)} of Send end to end CPU\n`,
	);
}
