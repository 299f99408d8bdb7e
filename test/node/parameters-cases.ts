/**
 * The cases of parameters.test.ts, by shape of data: what n8n returns for `={{ $json.v }}` (and a
 * few names n8n's sandbox refuses), and whether the fast path answers without n8n. The expression
 * forms are in parameters-path-cases.ts.
 */
import type { IDataObject } from 'n8n-workflow';

export const THROWS = Symbol('throws');
/** n8n's answer differs between the engines (only in cases the fast path leaves to n8n). */
export const ENGINE_DEPENDENT = Symbol('engine dependent');

export interface Case {
	label: string;
	expression?: string;
	json: unknown;
	/** What n8n returns (both engines), THROWS, or ENGINE_DEPENDENT. */
	n8n: unknown;
	/** Whether the fast path answers without n8n. */
	fast: boolean;
	itemIndex?: number;
}

const withProto = JSON.parse('{"__proto__": {"v": "from proto"}, "a": 1}') as IDataObject;
const sparse = [1, 2, 3];
delete sparse[1];
class Contact {
	v = 'class field';
}

/** What n8n returns for `={{ $json.v }}` and friends, by shape of data. */
export const shapeCases: Case[] = [
	{ label: 'string', json: { v: '0241234567' }, n8n: '0241234567', fast: true },
	{ label: 'empty string', json: { v: '' }, n8n: '', fast: true },
	{ label: 'string starting with =', json: { v: '={{ 1 + 1 }}' }, n8n: '={{ 1 + 1 }}', fast: true },
	{
		label: 'string holding {{ }}',
		json: { v: 'a {{ $json.x }} b' },
		n8n: 'a {{ $json.x }} b',
		fast: true,
	},
	{ label: 'number', json: { v: 233241234567 }, n8n: 233241234567, fast: true },
	{ label: 'zero', json: { v: 0 }, n8n: 0, fast: true },
	{ label: 'negative', json: { v: -5 }, n8n: -5, fast: true },
	{ label: 'float', json: { v: 1.5 }, n8n: 1.5, fast: true },
	{ label: 'negative zero', json: { v: -0 }, n8n: -0, fast: true },
	{ label: 'NaN', json: { v: NaN }, n8n: NaN, fast: true },
	{ label: 'Infinity', json: { v: Infinity }, n8n: Infinity, fast: true },
	{ label: 'true', json: { v: true }, n8n: true, fast: true },
	{ label: 'false', json: { v: false }, n8n: false, fast: true },
	{ label: 'null', json: { v: null }, n8n: null, fast: true },
	{ label: 'undefined value', json: { v: undefined }, n8n: undefined, fast: true },
	{ label: 'missing field', json: { other: 1 }, n8n: undefined, fast: true },
	{
		label: 'list of strings',
		json: { v: ['0241234567', '0551234567'] },
		n8n: ['0241234567', '0551234567'],
		fast: true,
	},
	{
		label: 'list of primitives',
		json: { v: [1, 'a', null, true] },
		n8n: [1, 'a', null, true],
		fast: true,
	},
	{ label: 'empty list', json: { v: [] }, n8n: [], fast: true },
	{ label: 'object', json: { v: { a: 1, b: [1, 2] } }, n8n: { a: 1, b: [1, 2] }, fast: false },
	{ label: 'empty object', json: { v: {} }, n8n: {}, fast: false },
	{ label: 'list of objects', json: { v: [{ a: 1 }] }, n8n: [{ a: 1 }], fast: false },
	{ label: 'list holding undefined', json: { v: [undefined] }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'list with a hole', json: { v: sparse }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'Date', json: { v: new Date(0) }, n8n: new Date(0), fast: false },
	{ label: 'bigint', json: { v: BigInt(5) }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'function', json: { v: () => 1 }, n8n: ENGINE_DEPENDENT, fast: false },
	{
		label: 'json without prototype',
		json: Object.assign(Object.create(null) as IDataObject, { v: 'x' }),
		n8n: 'x',
		fast: true,
	},
	{ label: 'json of a class', json: new Contact(), n8n: 'class field', fast: false },
	{ label: 'own __proto__ key: field not on it', json: withProto, n8n: undefined, fast: true },
	{
		label: 'own __proto__ key, read',
		expression: '={{ $json["__proto__"] }}',
		json: withProto,
		n8n: THROWS,
		fast: false,
	},
	{
		label: 'own __proto__ key, walked',
		expression: '={{ $json.__proto__.v }}',
		json: withProto,
		n8n: THROWS,
		fast: false,
	},
	{
		label: 'own constructor key',
		expression: '={{ $json.constructor }}',
		json: { constructor: 'c' },
		n8n: THROWS,
		fast: false,
	},
	{
		label: 'own constructor key, quoted',
		expression: '={{ $json["constructor"] }}',
		json: { constructor: 'c' },
		n8n: THROWS,
		fast: false,
	},
	{
		label: '"a.constructor" key',
		expression: '={{ $json["a.constructor"] }}',
		json: { 'a.constructor': 'c' },
		n8n: THROWS,
		fast: false,
	},
	{
		label: 'own prototype key',
		expression: '={{ $json.prototype }}',
		json: { prototype: 'p' },
		n8n: THROWS,
		fast: false,
	},
	{
		label: 'own caller key',
		expression: "={{ $json['caller'] }}",
		json: { caller: 'c' },
		n8n: THROWS,
		fast: false,
	},
	{
		label: 'inherited method',
		expression: '={{ $json.toString }}',
		json: {},
		n8n: THROWS,
		fast: false,
	},
	{
		label: 'inherited method, quoted',
		expression: '={{ $json["hasOwnProperty"] }}',
		json: {},
		n8n: THROWS,
		fast: false,
	},
];
