/**
 * The section `npm run bench:trigger -- --queue` writes: its table, and its place in RESULTS.md
 * (the next run replaces it; every other section stays where it was).
 */
import { SETUPS, type SetupFigure, type TriggerQueueResult } from '../../bench/queue-trigger';
import { HEADING, placeSection, triggerQueueTable } from '../../bench/queue-trigger-report';

const RESULTS = [
	'# Benchmark results',
	'',
	'Generated.',
	'',
	'## 10,000 contacts',
	'',
	'| a |',
	'',
	'### Client Reference',
	'',
	'text',
	'',
	'## One SMS per execution',
	'',
	'one',
	'',
].join('\n');

describe('placeSection', () => {
	test('a first run appends its section after every other one, which stay as they were', () => {
		const out = placeSection(RESULTS, `${HEADING}\n\nfirst run\n`);
		expect(out).toBe(`${RESULTS}\n${HEADING}\n\nfirst run\n`);
	});

	test('the next run replaces that section in its place and keeps the ones after it', () => {
		const once =
			placeSection(RESULTS, `${HEADING}\n\nfirst run\n`) + '\n## Later section\n\nlater\n';
		const twice = placeSection(once, `${HEADING}\n\nsecond run\n`);
		expect(twice).toBe(`${RESULTS}\n${HEADING}\n\nsecond run\n\n## Later section\n\nlater\n`);
		expect(twice).not.toContain('first run');
	});

	test("a heading that only starts like the section's is another section", () => {
		const other = `${RESULTS}\n${HEADING} (old wording)\n\nold\n`;
		expect(placeSection(other, `${HEADING}\n\nnew\n`)).toBe(`${other}\n${HEADING}\n\nnew\n`);
	});
});

describe('triggerQueueTable', () => {
	const figure = (i: number): SetupFigure => ({
		setup: SETUPS[i],
		seconds: 30 + i,
		pushesPerSecond: 300 / (30 + i),
		destinationsPerSecond: 15_000 / (30 + i),
		answered200: 300,
		lost: 0,
		storedTwice: i === 4 ? 2 : 0,
		peakRss:
			i === 0
				? { 'n8n-main': 400 * 1024 * 1024 }
				: { 'n8n-main': 300 * 1024 * 1024, 'worker-1': 250.4 * 1024 * 1024 },
		load: [1.5, 2.25],
	});
	const result: TriggerQueueResult = {
		figures: SETUPS.map((_, i) => figure(i)),
		cores: 2,
		cpu: 'test cpu',
		load: [1, 2],
		startedAt: new Date('2026-11-29T11:00:00Z'),
		endedAt: new Date('2026-11-29T11:10:00Z'),
	};

	test('one row per setup, in the order of SETUPS, with rates, the reckoning, peak RSS in MB and the load', () => {
		const lines = triggerQueueTable(result).split('\n');
		expect(lines[0]).toBe(
			'| Setup | Pushes/s | Destinations/s | Storm | Answered 200, lost | Peak RSS, MB | Load (1 min) |',
		);
		expect(lines.slice(2).map((l) => l.split(' | ')[0])).toEqual(SETUPS.map((s) => `| ${s.label}`));
		expect(lines[2]).toBe(
			'| one n8n process (regular mode) | 10.0 | 500 | 30.0 s | 300 / 300, lost 0 | main 400 | 1.5 → 2.3 |',
		);
		expect(lines[6]).toBe(
			'| queue: 2 webhook processors receiving, 2 workers | 8.8 | 441 | 34.0 s | 300 / 300, lost 0, 2 stored twice | main 300, worker-1 250 | 1.5 → 2.3 |',
		);
	});
});
