import fc from 'fast-check';

import {
	internationalForm,
	normalisePhoneNumber,
	PhoneNumberInputError,
	splitPhoneNumbers,
} from '../../../nodes/SmsOnlineGh/numbers/split';

describe('splitPhoneNumbers', () => {
	const cases: Array<[string, unknown, string[]]> = [
		['empty string', '', []],
		['null', null, []],
		['undefined', undefined, []],
		['only white space and separators', '  ,; \n\t ', []],
		['one local number', '0241234567', ['0241234567']],
		['trims', '  0241234567  ', ['0241234567']],
		['commas', '0241234567,0551234567', ['0241234567', '0551234567']],
		['semicolons', '0241234567;0551234567', ['0241234567', '0551234567']],
		['new lines', '0241234567\n0551234567', ['0241234567', '0551234567']],
		['CRLF', '0241234567\r\n0551234567\r\n', ['0241234567', '0551234567']],
		['empty pieces dropped', ',,0241234567, ,;;0551234567,', ['0241234567', '0551234567']],
		['comma and space', '0241234567, 0551234567', ['0241234567', '0551234567']],
		['spaces between whole numbers', '0241234567 0551234567', ['0241234567', '0551234567']],
		['tab between whole numbers', '0241234567\t+233551234567', ['0241234567', '+233551234567']],
		['several spaces', '0241234567    0551234567', ['0241234567', '0551234567']],
		['inner spaces keep one number', '024 123 4567', ['024 123 4567']],
		['international with inner spaces', '+233 24 123 4567', ['+233 24 123 4567']],
		[
			'dashed numbers separated by a space',
			'024-123-4567 055-123-4567',
			['024-123-4567', '055-123-4567'],
		],
		[
			'a whole number before groups: kept whole (refused later as several numbers)',
			'0241234567 024 123 4567',
			['0241234567 024 123 4567'],
		],
		[
			'grouped, then a whole number: two',
			'+233 50 123 4567 0551234567',
			['+233 50 123 4567', '0551234567'],
		],
		[
			'grouped local, then a whole number: two',
			'024 123 4567 0551234567',
			['024 123 4567', '0551234567'],
		],
		[
			'a whole number, then a + starts the next',
			'0241234567 +233 20 123 4567',
			['0241234567', '+233 20 123 4567'],
		],
		[
			'grouped international numbers: each + starts one',
			'+233 24 123 4567 +233 20 123 4567',
			['+233 24 123 4567', '+233 20 123 4567'],
		],
		['a country code, then the rest whole: one', '+233 241234567', ['+233 241234567']],
		['00 and groups: one', '00233 24 123 4567', ['00233 24 123 4567']],
		['number and word: kept whole', '0241234567 abc', ['0241234567 abc']],
		['7-digit pieces: kept whole', '0241234 5678901', ['0241234 5678901']],
		['grouped numbers on lines', '024 123 4567\n055 123 4567', ['024 123 4567', '055 123 4567']],
		[
			'kept as given (no normalising)',
			'+233-24-123-4567;(024) 123.4567',
			['+233-24-123-4567', '(024) 123.4567'],
		],
		['array of strings', ['0241234567', '0551234567'], ['0241234567', '0551234567']],
		[
			'array elements split again',
			['0241234567, 0551234567', '0201234567'],
			['0241234567', '0551234567', '0201234567'],
		],
		['array with numbers', ['0241234567', 233246314915], ['0241234567', '233246314915']],
		[
			'array skips null, undefined and empty',
			[null, '', undefined, ' 0241234567 '],
			['0241234567'],
		],
		[
			'nested arrays',
			[['0241234567'], ['0551234567;0201234567']],
			['0241234567', '0551234567', '0201234567'],
		],
		['empty array', [], []],
		['a JS number', 233246314915, ['233246314915']],
		['zero is a number too (rejected later)', 0, ['0']],
		['a bigint', 233246314915n, ['233246314915']],
	];

	it.each(cases)('%s', (_name, input, expected) => {
		expect(splitPhoneNumbers(input)).toEqual(expected);
	});

	const bad: Array<[string, unknown, RegExp]> = [
		['object', { number: '0241234567' }, /an object \(\{"number":"0241234567"\}\)/],
		['empty object', {}, /an object/],
		['true', true, /true\/false value \(true\)/],
		['false', false, /true\/false value \(false\)/],
		['boolean in array', ['0241234567', true], /item 2 of the list.*true\/false/],
		['object in array', [{ a: 1 }], /item 1 of the list.*an object/],
		['fractional number', 2.5, /whole numbers.*2\.5/],
		['negative number', -241234567, /whole numbers/],
		['NaN', Number.NaN, /NaN/],
		['Infinity', Number.POSITIVE_INFINITY, /Infinity/],
		['unsafe integer', 1e21, /whole numbers/],
		['negative bigint', -5n, /negative/],
		['symbol', Symbol('x'), /a symbol/],
		['function', () => '0241234567', /a function/],
		['Date', new Date(0), /an object/],
	];

	it.each(bad)('throws PhoneNumberInputError for %s', (_name, input, message) => {
		let caught: unknown;
		try {
			splitPhoneNumbers(input);
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(PhoneNumberInputError);
		expect(caught).toBeInstanceOf(Error);
		const error = caught as PhoneNumberInputError;
		expect(error.name).toBe('PhoneNumberInputError');
		expect(error.message).toMatch(message);
		expect(error.message).toMatch(/^Phone Numbers/);
	});

	it('puts the offending value (not the whole list) in the error', () => {
		const offending = { a: 1 };
		try {
			splitPhoneNumbers(['0241234567', offending]);
			throw new Error('did not throw');
		} catch (error) {
			expect(error).toBeInstanceOf(PhoneNumberInputError);
			expect((error as PhoneNumberInputError).value).toBe(offending);
		}
	});

	it('does not choke on an object that cannot be turned into JSON', () => {
		const cyclic: Record<string, unknown> = {};
		cyclic.self = cyclic;
		expect(() => splitPhoneNumbers(cyclic)).toThrow(PhoneNumberInputError);
	});
});

describe('internationalForm', () => {
	const cases: Array<[string, string | undefined, string]> = [
		['0241234567', undefined, '233241234567'],
		['233241234567', undefined, '233241234567'],
		['0241234567', '234', '234241234567'],
		['0241234567', '+44', '44241234567'],
		['00241234567', undefined, '00241234567'],
		['12345678', undefined, '12345678'],
		['', undefined, ''],
	];
	it.each(cases)('%j with country %j → %j', (digits, country, expected) => {
		expect(
			country === undefined ? internationalForm(digits) : internationalForm(digits, country),
		).toBe(expected);
	});

	it('pairs a local input with the international number the service answers with', () => {
		const local = normalisePhoneNumber('024 631 4915');
		const plus = normalisePhoneNumber('+233 24 631 4915');
		expect(local.ok && plus.ok).toBe(true);
		if (local.ok && plus.ok) {
			expect(internationalForm(local.digits)).toBe('233246314915');
			expect(internationalForm(plus.digits)).toBe('233246314915');
		}
	});

	it('property: idempotent, and only a single leading 0 changes', () => {
		fc.assert(
			fc.property(
				fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 15 }),
				(digits) => {
					const once = internationalForm(digits);
					expect(internationalForm(once)).toBe(once);
					if (/^0[1-9]/.test(digits)) expect(once).toBe(`233${digits.slice(1)}`);
					else if (digits !== '0') expect(once).toBe(digits);
				},
			),
		);
	});
});

describe('splitPhoneNumbers round trip (property)', () => {
	const digit = fc.constantFrom(...'0123456789'.split(''));
	const wholeNumber = fc
		.tuple(fc.boolean(), fc.string({ unit: digit, minLength: 8, maxLength: 13 }))
		.map(([plus, digits]) => (plus ? '+' : '') + digits);
	const separator = fc
		.array(fc.constantFrom(',', ';', '\n', '\r\n', ' ', '\t', ', ', ' ; ', ' \n '), {
			minLength: 1,
			maxLength: 3,
		})
		.map((parts) => parts.join(''));

	it('a list of whole numbers joined with any separator mix comes back as the list', () => {
		fc.assert(
			fc.property(
				fc.array(wholeNumber, { maxLength: 10 }),
				fc.array(separator, { minLength: 11, maxLength: 11 }),
				fc.constantFrom('', ' ', '\n', ',', ' ;'),
				fc.constantFrom('', ' ', '\n', ',', '; '),
				(numbers, seps, lead, tail) => {
					const text = lead + numbers.map((n, i) => (i === 0 ? n : seps[i] + n)).join('') + tail;
					expect(splitPhoneNumbers(text)).toEqual(numbers);
				},
			),
			{ numRuns: 500 },
		);
	});

	it('numbers written with inner spaces, one per line or comma, stay whole and normalise back', () => {
		const grouped = fc
			.tuple(
				fc.string({ unit: digit, minLength: 8, maxLength: 13 }),
				fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
			)
			.filter(([digits]) => !digits.startsWith('00'))
			.map(([digits, cuts]) => {
				// Cut the digits into groups shorter than 8 (so no group looks like a whole number).
				const groups: string[] = [];
				let rest = digits;
				for (const size of cuts) {
					if (rest.length <= size) break;
					groups.push(rest.slice(0, size));
					rest = rest.slice(size);
				}
				while (rest.length > 7) {
					groups.push(rest.slice(0, 4));
					rest = rest.slice(4);
				}
				groups.push(rest);
				return { digits, written: groups.join(' ') };
			});
		fc.assert(
			fc.property(
				fc.array(grouped, { minLength: 1, maxLength: 6 }),
				fc.constantFrom(',', ';', '\n', ', '),
				(items, sep) => {
					const pieces = splitPhoneNumbers(items.map((i) => i.written).join(sep));
					expect(pieces).toEqual(items.map((i) => i.written));
					expect(pieces.map(normalisePhoneNumber)).toEqual(
						items.map((i) =>
							i.written.startsWith('+')
								? { ok: true, digits: i.digits, international: true }
								: { ok: true, digits: i.digits },
						),
					);
				},
			),
			{ numRuns: 300 },
		);
	});

	it('splitting an array equals splitting its elements joined by new lines', () => {
		fc.assert(
			fc.property(
				fc.array(fc.oneof(wholeNumber, fc.string({ maxLength: 12 })), { maxLength: 6 }),
				(list) => {
					expect(splitPhoneNumbers(list)).toEqual(splitPhoneNumbers(list.join('\n')));
				},
			),
		);
	});

	it('pieces are always trimmed, non-empty and free of commas, semicolons and line breaks', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
				for (const piece of splitPhoneNumbers(text)) {
					expect(piece).toBe(piece.trim());
					expect(piece).not.toBe('');
					expect(piece).not.toMatch(/[,;\r\n]/);
				}
			}),
		);
	});
});
