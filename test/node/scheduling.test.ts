import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { ItemParameters } from '../../nodes/SmsOnlineGh/items/parameters';
import { readScheduling } from '../../nodes/SmsOnlineGh/sending/scheduling';

const node: INode = {
	id: 'sms',
	name: 'SMS',
	type: 'n8n-nodes-smsonlinegh.smsOnlineGh',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** The Schedule options of one run, in a workflow of the given time zone. */
function scheduling(options: Record<string, string>, timeZone: string, now: number) {
	const ctx = {
		getNode: () => ({ ...node, parameters: { options } }),
		getNodeParameter: () => options,
		getTimezone: () => timeZone,
	} as unknown as IExecuteFunctions;
	try {
		return readScheduling(ctx, new ItemParameters(ctx), 0, now);
	} catch (error) {
		return (error as Error).message;
	}
}

describe('Schedule At without an offset: the workflow’s time zone tells whether it is past', () => {
	// 2030-01-01 12:00 UTC. 02:00 that day is 12:00 UTC the day before at UTC+14 (Kiritimati), and
	// 13:00 UTC that day at UTC-11 (Pago Pago).
	const now = Date.UTC(2030, 0, 1, 12, 0);
	const at = { scheduleAt: '2030-01-01T02:00:00' };
	const past =
		'Schedule At 2030-01-01 02:00 is in the past: give a time in the future, or leave it empty to send now';
	const ahead = { schedule: { dateTime: '2030-01-01 02:00' } };

	it('is past in a zone east of UTC, ahead in one west of it, for the same wall clock one after the other', () => {
		expect(scheduling(at, 'Pacific/Kiritimati', now)).toBe(past);
		expect(scheduling(at, 'Pacific/Pago_Pago', now)).toEqual(ahead);
		expect(scheduling(at, 'Pacific/Kiritimati', now)).toBe(past);
		expect(scheduling(at, 'UTC', now)).toBe(past);
	});

	it('follows the zone’s summer time (New York: UTC-4 in July, UTC-5 in January)', () => {
		expect(
			scheduling(
				{ scheduleAt: '2030-07-01T08:30:00' },
				'America/New_York',
				Date.UTC(2030, 6, 1, 12, 29),
			),
		).toEqual({
			schedule: { dateTime: '2030-07-01 08:30' },
		});
		expect(
			scheduling(
				{ scheduleAt: '2030-07-01T08:30:00' },
				'America/New_York',
				Date.UTC(2030, 6, 1, 12, 30),
			),
		).toBe(
			'Schedule At 2030-07-01 08:30 is in the past: give a time in the future, or leave it empty to send now',
		);
		expect(
			scheduling(
				{ scheduleAt: '2030-01-01T08:30:00' },
				'America/New_York',
				Date.UTC(2030, 0, 1, 13, 29),
			),
		).toEqual({
			schedule: { dateTime: '2030-01-01 08:30' },
		});
	});

	it('an offset, when given, decides instead of the zone', () => {
		expect(scheduling({ ...at, scheduleOffset: '-11:00' }, 'Pacific/Kiritimati', now)).toEqual({
			schedule: { dateTime: '2030-01-01 02:00', offset: '-11:00' },
		});
	});
});
