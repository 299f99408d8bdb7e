/**
 * The cases of parameters.test.ts, by form of the expression: nested fields, list indexes, quoted
 * and odd keys, spaces and text around the braces; whether the fast path answers without n8n.
 */
import { type Case, THROWS, ENGINE_DEPENDENT } from './parameters-cases';

/** What n8n returns for a field reference, by form of the expression. */
export const pathCases: Case[] = [
	{ label: 'nested', expression: '={{ $json.a.b }}', json: { a: { b: 'x' } }, n8n: 'x', fast: true },
	{ label: 'nested, quoted', expression: '={{ $json.a["b c"].d }}', json: { a: { 'b c': { d: 7 } } }, n8n: 7, fast: true },
	{ label: 'nested, parent missing', expression: '={{ $json.a.b }}', json: {}, n8n: undefined, fast: true },
	{ label: 'nested, parent empty', expression: '={{ $json.a.b }}', json: { a: {} }, n8n: undefined, fast: true },
	{ label: 'nested, parent null', expression: '={{ $json.a.b }}', json: { a: null }, n8n: undefined, fast: true },
	{ label: 'nested, parent a string', expression: '={{ $json.a.b }}', json: { a: 'str' }, n8n: undefined, fast: false },
	{ label: 'length of a string', expression: '={{ $json.a.length }}', json: { a: 'abc' }, n8n: 3, fast: false },
	{ label: 'length of a list', expression: '={{ $json.a.length }}', json: { a: [1, 2] }, n8n: 2, fast: false },
	{ label: 'list index', expression: '={{ $json.list[0] }}', json: { list: ['x', 'y'] }, n8n: 'x', fast: true },
	{ label: 'list index, quoted', expression: '={{ $json.list["1"] }}', json: { list: ['x', 'y'] }, n8n: 'y', fast: true },
	{ label: 'list index out of range', expression: '={{ $json.list[5] }}', json: { list: ['x'] }, n8n: undefined, fast: true },
	{ label: 'list index into an object', expression: '={{ $json.list[0] }}', json: { list: { 0: 'zero' } }, n8n: 'zero', fast: true },
	{ label: 'list index 01 (octal)', expression: '={{ $json.list[01] }}', json: { list: ['x', 'y'] }, n8n: 'y', fast: false },
	{ label: 'key with a space', expression: '={{ $json["first name"] }}', json: { 'first name': 'Ama' }, n8n: 'Ama', fast: true },
	{ label: 'key with a dot', expression: "={{ $json['a.b'] }}", json: { 'a.b': 1, a: { b: 2 } }, n8n: 1, fast: true },
	{ label: 'empty key', expression: '={{ $json[""] }}', json: { '': 'e' }, n8n: 'e', fast: true },
	{ label: 'key $', expression: '={{ $json.$ }}', json: { $: 'dollar' }, n8n: 'dollar', fast: false },
	{ label: 'key $, walked', expression: '={{ $json.$.a }}', json: { $: { a: 1 } }, n8n: THROWS, fast: false },
	{ label: 'key $, quoted and walked', expression: '={{ $json["$"].a }}', json: { $: { a: 1 } }, n8n: 1, fast: true },
	{ label: 'own field named like a method', expression: '={{ $json.valueOf }}', json: { valueOf: 'v' }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'own field named like a method, quoted', expression: '={{ $json["toString"] }}', json: { toString: 't' }, n8n: ENGINE_DEPENDENT, fast: false },
	{ label: 'key _x', expression: '={{ $json._x }}', json: { _x: 1 }, n8n: 1, fast: true },
	{ label: 'reserved word key', expression: '={{ $json.class }}', json: { class: 'k' }, n8n: 'k', fast: true },
	{ label: 'no spaces', expression: '={{$json.v}}', json: { v: 'tight' }, n8n: 'tight', fast: true },
	{ label: 'tabs and new lines inside', expression: '={{\n\t$json.v \n}}', json: { v: 'nl' }, n8n: 'nl', fast: true },
	{ label: 'text after', expression: '={{ $json.v }} ', json: { v: 'trail' }, n8n: 'trail ', fast: false },
	{ label: 'text before', expression: '= {{ $json.v }}', json: { v: 'lead' }, n8n: ' lead', fast: false },
	{ label: 'number after text', expression: '=+{{ $json.v }}', json: { v: 233 }, n8n: '+233', fast: false },
	{ label: 'space before a dot', expression: '={{ $json .v }}', json: { v: 'x' }, n8n: 'x', fast: false },
	{ label: 'method call', expression: '={{ $json.v.trim() }}', json: { v: ' x ' }, n8n: 'x', fast: false },
	{ label: 'whole $json', expression: '={{ $json }}', json: { v: 'x' }, n8n: { v: 'x' }, fast: false },
	{ label: 'two expressions', expression: '={{ $json.a }}{{ $json.b }}', json: { a: 1, b: 2 }, n8n: '12', fast: false },
	{ label: 'escaped quote in key', expression: '={{ $json["a\\"b"] }}', json: { 'a"b': 'q' }, n8n: 'q', fast: false },
	{ label: '}} in key', expression: '={{ $json["a}}b"] }}', json: { 'a}}b': 1 }, n8n: THROWS, fast: false },
	{ label: 'non-ASCII name', expression: '={{ $json.café }}', json: { café: 'c' }, n8n: 'c', fast: false },
	{ label: 'no expression', expression: '$json.v', json: { v: 'x' }, n8n: '$json.v', fast: false },
	{ label: 'item index past the input', json: { v: 'x' }, itemIndex: 3, n8n: THROWS, fast: false },
];
