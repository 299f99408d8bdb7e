/**
 * One-digit typos of Ghanaian mobile numbers: a digit inserted, deleted or changed. Under
 * Strict none may reach another country: each is a valid Ghanaian number or refused, its refusal naming
 * a country (Ghana, or the one it would have reached) and the fix.
 */
import metadataJson from 'libphonenumber-js/metadata.max.json';
import { parsePhoneNumberWithError } from 'libphonenumber-js/core';

import type { NumberRules } from '../../../nodes/SmsOnlineGh/numbers/home';
import { readPhoneNumber } from '../../../nodes/SmsOnlineGh/numbers/reading';

const GHANA: NumberRules = { callingCode: '233', check: 'strict' };
const GHANA_LENIENT: NumberRules = { callingCode: '233', check: 'lenient' };

/** Two-digit prefixes of Ghana's mobile ranges, from the library's metadata (25 is 256 and 257, 59 is 591 to 599). */
function mobilePrefixes(): string[] {
	const prefixes: string[] = [];
	for (let prefix = 10; prefix < 100; prefix++) {
		for (let third = 0; third < 10; third++) {
			if (
				parsePhoneNumberWithError(`+233${prefix}${third}123456`, {}, metadataJson).getType() ===
				'MOBILE'
			) {
				prefixes.push(String(prefix));
				break;
			}
		}
	}
	return prefixes;
}

/** Every different string one digit away: inserted anywhere, deleted, or changed. */
function oneDigitTypos(number: string): string[] {
	const typos = new Set<string>();
	for (let at = 0; at <= number.length; at++) {
		for (let digit = 0; digit < 10; digit++)
			typos.add(number.slice(0, at) + digit + number.slice(at));
	}
	for (let at = 0; at < number.length; at++) {
		typos.add(number.slice(0, at) + number.slice(at + 1));
		for (let digit = 0; digit < 10; digit++)
			typos.add(number.slice(0, at) + digit + number.slice(at + 1));
	}
	typos.delete(number);
	return [...typos];
}

/** A country as the node names it: "Ghana (+233)", "Gabon (+241)". */
const COUNTRY = /[A-Z][A-Za-z.' -]+ \(\+\d{1,3}\)/;

function isGhanaian(key: string): boolean {
	const number = parsePhoneNumberWithError(`+${key}`, {}, metadataJson);
	return number.country === 'GH' && number.isValid();
}

/** Under Strict, each typo's reading: valid in Ghana, or refused naming a country and the fix. */
function sweep(form: (national: string) => string): {
	ghanaian: number;
	refused: number;
	typos: number;
} {
	let ghanaian = 0;
	let refused = 0;
	let typos = 0;
	for (const prefix of mobilePrefixes()) {
		// 247350912: the sheet form of 024 735 0912; 2417350912 (a 1 typed in) is a valid number of Gabon.
		const number = form(`${prefix}7350912`);
		expect(readPhoneNumber(number, GHANA).ok).toBe(true);
		for (const typo of oneDigitTypos(number)) {
			typos++;
			const read = readPhoneNumber(typo, GHANA);
			if (read.ok) {
				expect([typo, isGhanaian(read.key)]).toEqual([typo, true]);
				ghanaian++;
			} else {
				expect([typo, COUNTRY.test(`${read.reason} ${read.fix}`), read.fix.length > 20]).toEqual([
					typo,
					true,
					true,
				]);
				refused++;
			}
		}
	}
	return { ghanaian, refused, typos };
}

describe('one-digit typos of Ghanaian mobile numbers never go abroad under Strict', () => {
	it('the mobile prefixes are those of the library’s metadata', () => {
		expect(mobilePrefixes()).toEqual([
			'20',
			'23',
			'24',
			'25',
			'26',
			'27',
			'28',
			'29',
			'50',
			'53',
			'54',
			'55',
			'56',
			'57',
			'59',
		]);
	});

	it('sheet form (its 0 lost, 247350912): each typo is a valid Ghanaian number or refused', () => {
		expect(sweep((national) => national)).toEqual({ ghanaian: 1078, refused: 1634, typos: 2712 });
	});

	it('local form (0247350912): each typo is a valid Ghanaian number or refused, 00… typos too', () => {
		expect(sweep((national) => `0${national}`)).toEqual({
			ghanaian: 1078,
			refused: 1919,
			typos: 2997,
		});
	});

	it('a local number with its 0 typed twice that is valid abroad (00597350912, Suriname) is refused, naming both readings', () => {
		expect(readPhoneNumber('00597350912', GHANA)).toEqual({
			ok: false,
			reason:
				'could be the number 0597350912 of Ghana (+233) with its 0 typed twice, or the international number +597350912 of Suriname (+597)',
			fix: 'write it as 0597350912 if it is a number of Ghana (+233), or as +597350912 if it is of Suriname (+597)',
		});
	});

	it('under Lenient, the sheet-form typos that go abroad each name their country and carry a warning', () => {
		const abroad = new Map<string, number>();
		for (const prefix of mobilePrefixes()) {
			for (const typo of oneDigitTypos(`${prefix}7350912`)) {
				const read = readPhoneNumber(typo, GHANA_LENIENT);
				if (!read.ok || read.key.startsWith('233')) continue;
				expect(read.warning).toBe(
					`was read as an international number of ${read.country} written without its plus sign (it is too long for Ghana (+233)); it is sent as ${read.number} because Number Check is Lenient`,
				);
				abroad.set(read.country as string, (abroad.get(read.country as string) ?? 0) + 1);
			}
		}
		// On main all 211 went abroad under Strict too, with no warning; Cuba's +53 and Panama's +507 take the most.
		expect([...abroad.values()].reduce((sum, count) => sum + count, 0)).toBe(211);
		expect(abroad.size).toBe(19);
		expect(Object.fromEntries(abroad)).toMatchObject({
			'Gabon (+241)': 1,
			'Cuba (+53)': 71,
			'Egypt (+20)': 4,
			'Panama (+507)': 53,
			'Botswana (+267)': 54,
		});
	});
});
