/**
 * Reading phone numbers by their country's plan (nodes/SmsOnlineGh/helpers/numberReading.ts), in
 * process (bench/pure.ts runs these stages): 100,000 numbers in each form a sheet or CRM may hold
 * them. docs/phone-numbers.md gives the figures and why the plans are read as they are.
 */
import { readPhoneNumber } from '../nodes/SmsOnlineGh/helpers/numberReading';

type Stage = <T>(name: string, work: () => T | Promise<T>, note?: string) => Promise<T>;

/** Forms of a local number: as typed, its 0 lost (a sheet's number), 233 without + (the service's own form), +233, +233 spaced. */
const FORMS: Array<[string, (local: string) => string]> = [
	['0241234567', (local) => local],
	['241234567', (local) => local.slice(1)],
	['233241234567', (local) => `233${local.slice(1)}`],
	['+233241234567', (local) => `+233${local.slice(1)}`],
	['+233 24 123 4567', (local) => `+233 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}`],
];

export async function numberStages(stage: Stage, count: number, localNumber: (i: number) => string): Promise<void> {
	for (const [form, write] of FORMS) {
		const written = Array.from({ length: count }, (_, i) => write(localNumber(i)));
		const read = await stage(`read numbers by country, ${form}`, () => written.filter((n) => readPhoneNumber(n).ok).length);
		if (read !== count) throw new Error(`${count - read} numbers of the form ${form} were refused`);
	}
}
