/**
 * Every run a cost ceiling refuses, with numbers written without a country code (so that the
 * account's home country would be asked for), and the requests it made: the ceilings come before
 * every request docs/cost-ceilings.md says they come before, the home country's profile read
 * included.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { keptProfiles } from '../../nodes/SmsOnlineGh/account/kept';
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import {
	personalisedParameters,
	scheduledUpdateParameters,
	sendParameters,
	useSimulator,
} from './fixtures';
import { scheduledVoice, tomorrow, voiceParameters } from './voiceFixtures';

const LOAD = (batch: string) => `/v5/message/scheduled/load/${batch}`;
const LONG = 'z'.repeat(400);

describe('A run refused by a cost ceiling makes no request the ceiling comes before', () => {
	const t = useSimulator();
	let before = 0;
	const paths = () =>
		t
			.allRequests()
			.slice(before)
			.map((r) => r.path);

	async function scheduled(parameters: INodeParameters): Promise<string> {
		const sent = await t.run({ items: [{ phone: '+233241234567' }], parameters });
		expect(sent.items.map((item) => item.json.verdict)).toEqual(['scheduled']);
		return sent.items[0].json.batch as string;
	}

	const refusedRuns: Array<
		[
			string,
			() => Promise<{
				parameters: INodeParameters;
				items: IDataObject[];
				expected: (batch?: string) => string[];
				batch?: string;
			}>,
		]
	> = [
		[
			'Send, Maximum Parts per Message',
			async () => ({
				parameters: sendParameters({ message: LONG, options: { maximumPartsPerMessage: 2 } }),
				items: [{ phone: '0241234567' }],
				expected: () => [],
			}),
		],
		[
			'Send Personalised, Maximum Parts per Message',
			async () => ({
				parameters: personalisedParameters({ options: { maximumPartsPerMessage: 2 } }),
				items: [{ phone: '0241234567', first_name: LONG, amount: '1' }],
				expected: () => [],
			}),
		],
		[
			// The total counts what would go out, repeats removed: that needs the numbers read, so the home country; the sender check's read is the same one.
			'Send, Maximum Total Parts',
			async () => ({
				parameters: sendParameters({ options: { maximumTotalParts: 1 } }),
				items: [{ phone: '0241234567' }, { phone: '0201234567' }],
				expected: () => [PROFILE_PATH],
			}),
		],
		[
			'Voice → Send, Maximum Destinations',
			async () => ({
				parameters: voiceParameters({ options: { maximumDestinations: 1 } }),
				items: [{ phone: '0241234567' }, { phone: '0201234567' }],
				expected: () => [PROFILE_PATH],
			}),
		],
		[
			'Scheduled SMS → Update, Maximum Parts per Message',
			async () => {
				const batch = await scheduled(
					sendParameters({ options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' } }),
				);
				return {
					parameters: scheduledUpdateParameters(
						{ text: LONG, addNumbers: '0551234567' },
						{ maximumPartsPerMessage: 2 },
					),
					items: [{ batch }],
					expected: () => [],
				};
			},
		],
		[
			'Scheduled SMS → Update, Maximum Total Parts',
			async () => {
				const batch = await scheduled(
					sendParameters({ options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' } }),
				);
				return {
					parameters: scheduledUpdateParameters(
						{ addNumbers: '0551234567, 0501234567' },
						{ maximumTotalParts: 1 },
					),
					items: [{ batch }],
					batch,
					expected: (b) => [LOAD(b ?? '')],
				};
			},
		],
		[
			'Scheduled Voice → Update, Maximum Destinations',
			async () => {
				const batch = await scheduled(
					voiceParameters({ options: { scheduleAt: tomorrow(), scheduleOffset: '+00:00' } }),
				);
				return {
					parameters: scheduledVoice('update', {
						updateFields: { addNumbers: '0551234567, 0501234567' },
						options: { maximumDestinations: 1 },
					}),
					items: [{ batch }],
					expected: () => [],
				};
			},
		],
	];

	it.each(refusedRuns)('%s', async (_name, make) => {
		const { parameters, items, expected, batch } = await make();
		for (const continueOnFail of [false, true]) {
			before = t.allRequests().length;
			keptProfiles.clear();
			const result = await t.run({ items, parameters, settings: { continueOnFail } });
			if (continueOnFail)
				expect(result.items.every((item) => typeof item.json.error === 'string')).toBe(true);
			else
				expect(result.error?.message).toMatch(
					/Maximum (Parts per Message|Total Parts|Destinations)/,
				);
			expect(paths()).toEqual(expected(batch));
		}
	});
});
