import { ItemParameters } from '../../../nodes/SmsOnlineGh/items/parameters';
import { readSettings } from '../../../nodes/SmsOnlineGh/items/settings';
import { fakeContext } from '../../harness/fakeContext';

function settingsOf(options: Record<string, unknown>) {
	const { ctx } = fakeContext({ parameters: { options } as never });
	return readSettings(ctx, new ItemParameters(ctx));
}

describe('readSettings', () => {
	it('gives the defaults for an empty Options collection', () => {
		expect(settingsOf({})).toEqual({
			batchSize: 1000,
			dryRun: false,
			includeText: false,
			transport: {
				format: 'json',
				timeoutMs: 60_000,
				retry: { maxAttempts: 3, maxWaitMs: 30_000 },
			},
		});
	});

	it('reads every option, numbers given as text included', () => {
		const settings = settingsOf({
			batchSize: '250',
			dryRun: true,
			includeText: true,
			dataFormat: 'xml',
			timeout: 5,
			retryAttempts: 10,
			retryMaxWait: 0,
		});
		expect(settings).toEqual({
			batchSize: 250,
			dryRun: true,
			includeText: true,
			transport: { format: 'xml', timeoutMs: 5000, retry: { maxAttempts: 10, maxWaitMs: 0 } },
		});
	});

	it.each([
		[
			{ batchSize: 'abc' },
			'Batch Size must be a number of at least 1, but the expression gave a string ("abc")',
		],
		[
			{ batchSize: Number.NaN },
			'Batch Size must be a number of at least 1, but the expression gave a number (NaN)',
		],
		[
			{ batchSize: 0 },
			'Batch Size must be a number of at least 1, but the expression gave a number (0)',
		],
		[
			{ batchSize: [5] },
			'Batch Size must be a number of at least 1, but the expression gave an array',
		],
		[
			{ timeout: 0 },
			'Timeout (Seconds) must be a number of at least 1, but the expression gave a number (0)',
		],
		[
			{ retryAttempts: 0 },
			'Retry Attempts must be a number from 1 to 10, but the expression gave a number (0)',
		],
		[
			{ retryAttempts: 11 },
			'Retry Attempts must be a number from 1 to 10, but the expression gave a number (11)',
		],
		[
			{ retryMaxWait: -1 },
			'Retry Max Wait (Seconds) must be a number of at least 0, but the expression gave a number (-1)',
		],
		[
			{ timeout: Number.POSITIVE_INFINITY },
			'Timeout (Seconds) must be a number of at least 1, but the expression gave a number (Infinity)',
		],
	])('refuses %j, naming the option', (options, message) => {
		expect(() => settingsOf(options)).toThrow(message);
	});
});
