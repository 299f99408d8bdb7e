/**
 * A pushed XML report that declares a document type is never expanded: it becomes one warning
 * item holding the body as it came (bounded by the Maximum Body Size), so nothing is lost and
 * nothing grows. The same refusal as for the service's answers (shared/transport/codec.ts).
 */
import { readPush } from '../../../nodes/SmsOnlineGhTrigger/push';
import { BATCH } from './reports';
import { textExcerpt } from '../../../nodes/SmsOnlineGhTrigger/excerpt';

const OPTIONS = { verdicts: [], shape: 'destination' as const, maxBodyBytes: 4 * 1024 * 1024 };

function pushed(doctype: string, batch: string): string {
	return `<?xml version="1.0"?>${doctype}<response><handshake><id>0</id></handshake><data><batch>${batch}</batch><delivery>true</delivery><destinations><item><id>1</id><to>233241234567</to><status><id>2110</id></status></item></destinations></data></response>`;
}

describe('trigger: XML with a document type', () => {
	it.each([
		[
			'one entity used many times',
			pushed(`<!DOCTYPE r [<!ENTITY e "${'x'.repeat(10_000)}">]>`, `${BATCH}${'&e;'.repeat(100)}`),
		],
		['an external entity', pushed('<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]>', '&e;')],
	])('%s: one warning item with the raw body, unexpanded', (_case, body) => {
		const outcome = readPush(body, 'application/xml', OPTIONS);
		expect(outcome).toEqual({
			accepted: true,
			items: [
				{
					warning:
						'A delivery report was pushed but could not be read: the XML body declares a document type (<!DOCTYPE …>), which the service never sends; it was refused unread so that no entity in it could expand. The whole body is in the binary property rawBody.',
					excerpt: textExcerpt(body),
					contentType: 'application/xml',
				},
			],
		});
	});
});
