/** The Voice → Send node parameters of the voice workflow tests. */
import type { INodeParameters } from 'n8n-workflow';

export const VOICE_PATH = '/v5/message/voice/send';

/** Voice → Send with the demo account's first template and voice sender, numbers from `phone`. */
export function voiceParameters(extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'voice',
		operation: 'send',
		template: 'appointment_reminder',
		sender: 'DemoVoice',
		phoneNumbers: '={{ $json.phone }}',
		...extra,
	};
}
