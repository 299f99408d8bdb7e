/** The simulator refuses, per number (2119), numbers no numbering plan has, as the service would. */
import { plainUnit, useSimulator } from './helpers';
import { sendOk } from './lifecycle-helpers';

const sim = useSimulator();

describe('numbers the service refuses one by one', () => {
	it('all zeros and Ghanaian numbers whose national part is not nine digits: 2119; the others go', async () => {
		const sent = await sendOk(
			sim().baseUrl,
			plainUnit([
				'0241234567',
				'0000000000',
				'02412345678',
				'23324123456',
				'+233241234567',
				'447911123456',
				'02412345',
			]),
		);
		expect(sent.destinations.map((d) => d.status.id)).toEqual([
			2105, 2119, 2119, 2119, 2120, 2105, 2119,
		]);
	});
});
