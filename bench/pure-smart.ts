/**
 * Smart Encoding's cost (bench/pure.ts runs these stages): the same Send items read with the
 * option off, then on, for a text that Auto makes Unicode only for its look-alikes (’ and –). The
 * difference is what Smart Encoding adds to one text sent to N numbers; it is printed against a
 * whole Send run (pure.ts's "node end to end: Send, JSON").
 */
import type { INodeParameters } from 'n8n-workflow';

type Stage = <T>(name: string, work: () => T | Promise<T>, note?: string) => Promise<T>;

const LOOK_ALIKE_TEXT = 'We’re open – see you tomorrow.';
const SMART_OFF = 'read Send items, look-alike text, Smart Encoding off';
const SMART_ON = 'read Send items, look-alike text, Smart Encoding on';

/** Reading the Send items with Smart Encoding off, then on. */
export async function smartEncodingStages(stage: Stage, read: (parameters: INodeParameters) => unknown, sendParameters: INodeParameters) {
	const parameters = (smartEncoding: boolean) => ({ ...sendParameters, message: LOOK_ALIKE_TEXT, messageType: 'auto', options: { smartEncoding } });
	await stage(SMART_OFF, () => read(parameters(false)));
	await stage(SMART_ON, () => read(parameters(true)));
}

/** Smart Encoding's cost against a whole Send run of N numbers, in wall and CPU time. */
export function printSmartEncoding(rows: ReadonlyArray<{ stage: string; ms: number; cpuMs: number }>, n: number) {
	const [off, on] = [SMART_OFF, SMART_ON].map((name) => rows.find((row) => row.stage === name));
	const whole = rows.find((row) => row.stage === 'node end to end: Send, JSON');
	if (!off || !on || !whole) return;
	const share = (cost: number, of: number) => `${((cost / of) * 100).toFixed(1)}%`;
	const [wall, cpu] = [on.ms - off.ms, on.cpuMs - off.cpuMs];
	console.log(
		`Smart Encoding, one text to ${n.toLocaleString('en')} numbers: ${wall.toFixed(1)} ms wall (on ${on.ms.toFixed(1)}, off ${off.ms.toFixed(1)}), ${share(wall, whole.ms)} of Send end to end (${whole.ms.toFixed(0)} ms); ${cpu.toFixed(1)} ms CPU, ${share(cpu, whole.cpuMs)} of its ${whole.cpuMs.toFixed(0)} ms CPU`,
	);
}
