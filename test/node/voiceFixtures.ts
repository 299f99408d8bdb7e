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

/** A wall-clock time a day (and some hours) ahead, at the minute, as n8n's date-time field gives it. */
export function tomorrow(hoursLater = 0): string {
	const at = new Date(Date.now() + (24 + hoursLater) * 3600_000);
	return `${at.toISOString().slice(0, 16)}:00`;
}

/** The schedule the service lists for a time given as `tomorrow()` gives it, at +00:00: with seconds. */
export function listedAt(at: string): string {
	return `${at.slice(0, 10)} ${at.slice(11, 16)}:00`;
}

/** Scheduled Voice's operations, with their fields. */
export function scheduledVoice(operation: string, extra: INodeParameters = {}): INodeParameters {
	return { resource: 'scheduledVoice', operation, ...extra };
}
