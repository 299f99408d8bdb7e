/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A workflow saved with version 1 of the SMS node sends today what it sent on 0.1.0, the first
 * release (its requests are kept in v0.1.0.json by record.ts), but for the changes below. Each is
 * listed in CHANGELOG.md and docs/compatibility.md, and each is a safety fix: it stops or corrects
 * what no workflow meant. A change that is not listed here fails this test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { creditModels, keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import { Simulator } from '../../simulator';
import { COMPAT_CASES } from './cases';
import type { Observation, SeenItem, SeenRequest } from './observe';
import { observe } from './observe';

const recorded = JSON.parse(readFileSync(path.join(__dirname, 'v0.1.0.json'), 'utf8')) as {
	commit: string;
	cases: Record<string, Observation>;
};

const PROFILE = '/v5/auth';
const BALANCE = '/v5/account/balance';
const SEND = '/v5/message/sms/send';

/** Fields items carry since 1.0.0 (docs/output.md); no field of 0.1.0 is gone from an item whose verdict stayed. */
const NEW_FIELDS = [
	'country',
	'input',
	'reason',
	'to',
	'verdict',
	'warning',
	'description',
	'sentAsGiven',
];

interface Change {
	/** What changed and why (as CHANGELOG.md says it). */
	why: string;
	requests?: (requests: SeenRequest[]) => SeenRequest[];
	/** Items whose verdict or number changed: index → what they now say. */
	items?: Record<number, Partial<SeenItem>>;
}

/** The request that reads the profile, before the first request that carries numbers: the account's home country. */
const profileFirst: Change = {
	why: 'numbers are read in the home country named by the account profile',
	requests: (requests) => {
		const first = requests[0];
		if (!first || first.path === BALANCE) return requests;
		return [{ ...first, path: PROFILE, body: '' }, ...requests];
	},
};

const noXmlDeclaration: Change = {
	why: 'XML bodies start with <request>, as the vendor SDK writes them',
	requests: (requests) =>
		requests.map((request) =>
			typeof request.body === 'string'
				? { ...request, body: request.body.replace(/^<\?xml[^>]*\?>/, '') }
				: request,
		),
};

function destinations(
	change: (list: unknown[]) => unknown[],
): (requests: SeenRequest[]) => SeenRequest[] {
	return (requests) =>
		requests.map((request) => {
			if (request.path !== SEND || typeof request.body !== 'object' || request.body === null)
				return request;
			const body = request.body as { destinations: unknown[] };
			return { ...request, body: { ...body, destinations: change(body.destinations) } };
		});
}

const CHANGES: Record<string, Change[]> = {
	'send: every form in one field, duplicates removed': [
		{
			why: 'a number whose leading 0 a spreadsheet dropped (241234567) is read as Ghanaian, so it is the duplicate it is',
			requests: destinations((list) => list.filter((to) => to !== '241234567')),
			items: { 3: { verdict: 'skipped', to: '0241234567' }, 4: { to: '233241234567' } },
		},
	],
	'send: Dry Run': [
		{
			why: 'Dry Run reads the profile and the balance (its items and Summary give the cost); it still sends nothing',
			requests: () => [
				{ ...recorded.cases['balance: JSON'].requests[0], path: PROFILE, body: '' },
				recorded.cases['balance: JSON'].requests[0],
			],
		},
	],
	'send: a number outside every Ghanaian range': [
		{ why: 'sent as before, with a warning on its item (Number Check not set in version 1)' },
	],
	'send: a UK number with Default Country Code 44': [
		{
			why: 'a number in local form is read in the country of Default Country Code, and sent there',
			requests: destinations(() => ['447911123456']),
			items: { 0: { verdict: 'accepted', to: '447911123456' } },
		},
	],
	'send: a typo that reads as Gabon': [
		{
			why: 'a number written without + or 00 never goes abroad: refused on its item, naming the country and the fix',
			requests: destinations((list) => list.filter((to) => to !== '2417350912')),
			items: { 0: { verdict: 'notSent', to: null } },
		},
	],
	'send: a number too short, Continue On Fail': [
		{
			why: 'an error item says its verdict and number',
			items: { 0: { verdict: 'notSent', to: null } },
		},
	],
};

function expectedRequests(name: string): SeenRequest[] {
	let requests = recorded.cases[name].requests;
	const changes = [
		noXmlDeclaration,
		...(name.startsWith('balance') ? [] : [profileFirst]),
		...(CHANGES[name] ?? []),
	];
	for (const change of changes) if (change.requests) requests = change.requests(requests);
	return requests;
}

describe(`A workflow saved with version 1 sends what 0.1.0 (${recorded.commit}) sent, but for the listed changes`, () => {
	const sim = new Simulator();
	let baseUrl = '';
	beforeAll(async () => {
		baseUrl = await sim.start();
	});
	afterAll(async () => await sim.stop());
	beforeEach(() => {
		keptProfiles.clear();
		creditModels.clear();
	});

	it('every case of 0.1.0 is recorded', () => {
		expect(Object.keys(recorded.cases)).toEqual(COMPAT_CASES.map((compat) => compat.name));
	});

	it.each(COMPAT_CASES.map((compat) => [compat.name, compat] as const))(
		'%s',
		async (name, compat) => {
			const now = await observe(sim, baseUrl, compat);
			const before = recorded.cases[name];
			expect(now.error).toBe(before.error);
			expect(now.requests).toEqual(expectedRequests(name));

			const changedItems = Object.assign(
				{},
				...(CHANGES[name] ?? []).map((change) => change.items ?? {}),
			) as Record<number, Partial<SeenItem>>;
			expect(now.items).toHaveLength(before.items.length);
			now.items.forEach((item, index) => {
				const was = before.items[index];
				const change = changedItems[index];
				expect({ verdict: item.verdict, to: item.to }).toEqual({
					verdict: change && 'verdict' in change ? change.verdict : was.verdict,
					to: change && 'to' in change ? change.to : was.to,
				});
				if (change?.verdict !== undefined && change.verdict !== was.verdict) return;
				// The same verdict: every field of 0.1.0 is still there, and the new ones are documented.
				expect(was.fields.filter((field) => !item.fields.includes(field))).toEqual([]);
				expect(
					item.fields.filter((field) => !was.fields.includes(field) && !NEW_FIELDS.includes(field)),
				).toEqual([]);
			});
		},
	);
});
