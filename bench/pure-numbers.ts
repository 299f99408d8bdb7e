/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Reading phone numbers by their country's plan (nodes/SmsOnlineGh/numbers/reading.ts), in
 * process (bench/pure.ts runs these stages): N numbers in each form a sheet or CRM may hold them,
 * refused ones included, each form beside the same numbers read by the library alone as an
 * application using Google's libphonenumber would (libphonenumber-js, "max" metadata: parse with
 * Ghana as the default country, isValid(), format E.164). docs/phone-numbers.md gives the figures.
 */
import { parsePhoneNumberWithError } from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/metadata.max.json';

import { readPhoneNumber } from '../nodes/SmsOnlineGh/numbers/reading';

type Stage = <T>(name: string, work: () => T | Promise<T>, note?: string) => Promise<T>;

/** Each form of a local number (0241234567), and whether the node sends it (Strict, Ghana). */
const FORMS: Array<[string, boolean, (local: string) => string]> = [
	['0241234567', true, (l) => l],
	['241234567', true, (l) => l.slice(1)],
	['233241234567', true, (l) => `233${l.slice(1)}`],
	['+233241234567', true, (l) => `+233${l.slice(1)}`],
	['+233 24 123 4567', true, (l) => `+233 ${l.slice(1, 3)} ${l.slice(3, 6)} ${l.slice(6)}`],
	['024 123 4567', true, (l) => `${l.slice(0, 3)} ${l.slice(3, 6)} ${l.slice(6)}`],
	['(024) 123-4567', true, (l) => `(${l.slice(0, 3)}) ${l.slice(3, 6)}-${l.slice(6)}`],
	['00233241234567', true, (l) => `00233${l.slice(1)}`],
	['+233 (0) 24 123 4567', true, (l) => `+233 (0) ${l.slice(1, 3)} ${l.slice(3, 6)} ${l.slice(6)}`],
	['+2330241234567', true, (l) => `+233${l}`],
	['2.33241234567E+11', true, (l) => `2.33${l.slice(1)}E+11`],
	['0241234567.0', true, (l) => `${l}.0`],
	['+44 7911 123456', true, (l) => `+44 7911 ${l.slice(4)}`],
	['0044 7911 123456', true, (l) => `0044 7911 ${l.slice(4)}`],
	['refused: 0301234567 (not valid in Ghana)', false, (l) => `0301${l.slice(4)}`],
	['refused: 02412345 (too short)', false, (l) => l.slice(0, 8)],
	['refused: 2411234567 (a digit too many)', false, (l) => `241${l.slice(3)}`],
	['refused: 447911123456 (abroad without +)', false, (l) => `447911${l.slice(4)}`],
	['refused: 024abc4567 (letters)', false, (l) => `${l.slice(0, 3)}abc${l.slice(6)}`],
	['refused: -0241234567 (minus sign)', false, (l) => `-${l}`],
];

const LIBRARY = 'libphonenumber-js parse and format';

/** What an application using the library alone does with each number: parse, check, format. */
function libraryRead(written: string[]): number {
	let valid = 0;
	for (const text of written) {
		try {
			const number = parsePhoneNumberWithError(text, { defaultCountry: 'GH' }, metadataJson);
			if (number.isValid() && number.format('E.164').length > 0) valid++;
		} catch {
			// Refused by the library: not a number.
		}
	}
	return valid;
}

export async function numberStages(
	stage: Stage,
	count: number,
	localNumber: (i: number) => string,
): Promise<void> {
	for (const [form, sent, write] of FORMS) {
		const written = Array.from({ length: count }, (_, i) => write(localNumber(i)));
		const read = await stage(
			`read numbers by country, ${form}`,
			() => written.filter((n) => readPhoneNumber(n).ok).length,
		);
		if (read !== (sent ? count : 0))
			throw new Error(
				`bench: ${sent ? count - read : read} numbers of the form ${form} were ${sent ? 'refused' : 'read'}`,
			);
		await stage(`${LIBRARY}, ${form}`, () => libraryRead(written));
	}
}

/** A row per form: the node's CPU time against the library's on the same numbers, and the ratio (target 5×). */
export function printNumberForms(
	rows: ReadonlyArray<{ stage: string; cpuMs: number }>,
	n: number,
): void {
	const cpu = (name: string) => rows.find((row) => row.stage === name)?.cpuMs;
	const measured = FORMS.map(([form]) => ({
		form,
		node: cpu(`read numbers by country, ${form}`),
		library: cpu(`${LIBRARY}, ${form}`),
	}));
	if (measured.every((m) => m.node === undefined)) return;
	const width = Math.max(...FORMS.map(([form]) => form.length));
	process.stdout.write(
		`\nNumber forms, ${n.toLocaleString('en')} numbers each: CPU ms (median of the stage's runs), the node's reading against ${LIBRARY} (isValid, E.164) of the same numbers; target 5×\n`,
	);
	process.stdout.write(
		`${'form'.padEnd(width)}  ${'node ms'.padStart(8)}  ${'µs each'.padStart(8)}  ${'library'.padStart(8)}  ${'ratio'.padStart(6)}\n`,
	);
	for (const { form, node, library } of measured) {
		if (node === undefined || library === undefined) continue;
		const ratio = library / node;
		process.stdout.write(
			`${form.padEnd(width)}  ${node.toFixed(1).padStart(8)}  ${((node * 1000) / n).toFixed(2).padStart(8)}  ${library.toFixed(1).padStart(8)}  ${`${ratio.toFixed(1)}×`.padStart(6)}${ratio >= 5 ? '' : '  UNDER 5×'}\n`,
		);
	}
}
