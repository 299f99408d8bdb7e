/**
 * The voice send body (`POST /v5/message/voice/send`) in the three forms the simulator reads:
 *
 * - XML as the vendor's PHP SDK (Zenoph.Notify) writes it: `<request><template/>[<sender/>]
 *   [<schedule/>][<callback/>]<destinations><to>NUMBER</to>|<to><number/><id/></to>…</destinations></request>`,
 *   members in any order, as for SMS;
 * - JSON of the same members (`template`, `sender`, `schedule`, `callback`, `destinations` of
 *   numbers or `{number, id}`): inferred, no source writes JSON for voice;
 * - the SDKs' key-value form (`application/x-www-form-urlencoded`): `sender`, `template`,
 *   `schedule` (`YYYY-MM-DD hh:mm[:ss]`), `offset`, `callback_url`, `callback_accept` (default
 *   `application/xml`), `to` (comma-joined `NUMBER` or `MSGID@NUMBER`). Percent-encoded as PHP's
 *   http_build_query writes it, or not, as Python joins it: in `to` and `offset` a `+` is the plus
 *   sign itself (neither holds a space), elsewhere a `+` is a space, as the form encoding says.
 *
 * The SDKs never write `text`, `type`, `personalise` or `values` for voice: present, they make the
 * request a bad one (1402), as do destination values, an ill-typed member and a repeated member.
 * A `multipart/form-data` body (an upload) is 1402 too: no source shows its layout. Whether the
 * template names one of the account's stored voice templates (else 1505) is judged in voice.ts.
 */
import {
	isPlain,
	isRecord,
	parseJson,
	withOptionalMembers,
	xmlDestinations,
	xmlProperties,
} from './codec';
import { HSHK } from './labels';
import type { Decoded, PropertiesReader, UpdateProperties } from './requests';
import type { DecodedVoice } from './types';
import { mediaFormat } from './wire';
import { leafText, requestChildren, type OrderedNode } from './xmltree';

export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const MULTIPART_TYPE = 'multipart/form-data';

/** SMS members a voice request never carries. */
const SMS_ONLY = ['text', 'type', 'personalise', 'values'] as const;
/** Form keys whose `+` is the plus sign (a number, an offset), never an encoded space. */
const LITERAL_PLUS: ReadonlySet<string> = new Set(['to', 'offset']);
/** The callback format the SDKs default to. */
const DEFAULT_ACCEPT = 'application/xml';

type VoiceProperties = Omit<DecodedVoice, 'destinations'>;

/** The essence (lower case, no parameters) of a Content-Type. */
export function essenceOf(header: string | undefined): string {
	return (header ?? '').split(';')[0].trim().toLowerCase();
}

/** A voice send's body: 1401 empty, 1402 multipart, unparsable or ill-formed. */
export function decodeVoice(contentType: string | undefined, body: string): Decoded<DecodedVoice> {
	const type = essenceOf(contentType);
	if (type === MULTIPART_TYPE) return { handshake: HSHK.BAD_REQUEST };
	if (body.trim() === '') return { handshake: HSHK.DATA };
	const candidate = type === FORM_TYPE ? formCandidate(body) : parsedCandidate(contentType, body);
	const voice = isRecord(candidate) ? validateVoice(candidate) : undefined;
	return voice ? { ok: voice } : { handshake: HSHK.BAD_REQUEST };
}

function parsedCandidate(contentType: string | undefined, body: string): unknown {
	const format = mediaFormat(contentType);
	if (format === 'json') return parseJson(body);
	const request = format === 'xml' ? requestChildren(body) : undefined;
	return (
		request && {
			...xmlVoiceProperties(request),
			destinations: xmlDestinations(request.get('destinations')),
		}
	);
}

function validateVoice(c: Record<string, unknown>): DecodedVoice | undefined {
	const properties = voiceProperties(c);
	const destinations = c.destinations;
	if (!properties || !Array.isArray(destinations) || destinations.length === 0) return undefined;
	if (!destinations.every(isPlain)) return undefined;
	return { ...properties, destinations };
}

/** template, sender, schedule, callback; undefined when ill-typed or when an SMS-only member is there. */
function voiceProperties(c: Record<string, unknown>): VoiceProperties | undefined {
	if (SMS_ONLY.some((name) => name in c)) return undefined;
	const out: VoiceProperties = {};
	for (const name of ['template', 'sender'] as const) {
		const value = c[name];
		if (value === undefined) continue;
		if (typeof value !== 'string') return undefined;
		if (value !== '') out[name] = value;
	}
	return withOptionalMembers(out, c) ? out : undefined;
}

/** The property members of a voice `<request>`; an SMS-only member is marked as present. */
function xmlVoiceProperties(request: Map<string, OrderedNode[]>): Record<string, unknown> {
	const { sender, schedule, callback } = xmlProperties(request);
	const out: Record<string, unknown> = { template: leafText(request.get('template')), sender };
	if (request.has('schedule')) out.schedule = schedule;
	if (request.has('callback')) out.callback = callback;
	for (const name of SMS_ONLY) if (request.has(name)) out[name] = true;
	return out;
}

/** Reads a voice batch's scheduled update: the template (required there, judged in update.ts), sender, schedule, callback. */
export const VOICE_PROPERTIES: PropertiesReader = {
	fromXml: xmlVoiceProperties,
	validate(candidate: Record<string, unknown>): UpdateProperties | undefined {
		const p = voiceProperties(candidate);
		if (!p) return undefined;
		const out: UpdateProperties = { text: '', type: 0, sender: p.sender ?? '' };
		if (p.template !== undefined) out.template = p.template;
		if (p.schedule) out.schedule = p.schedule;
		if (p.callback) out.callback = p.callback;
		return out;
	},
};

/* -------------------------------------------------------------- key-value form */

/** The form's keys mapped onto the JSON shape; undefined when a key repeats. */
function formCandidate(body: string): Record<string, unknown> | undefined {
	const params = formParams(body);
	if (!params) return undefined;
	const c: Record<string, unknown> = {};
	for (const name of SMS_ONLY) if (params.has(name)) c[name] = true;
	for (const name of ['template', 'sender'] as const)
		if (params.has(name)) c[name] = params.get(name);
	const dateTime = params.get('schedule');
	const offset = params.get('offset');
	if (dateTime !== undefined)
		c.schedule = offset === undefined ? { dateTime } : { dateTime, offset };
	else if (offset !== undefined) c.schedule = null;
	const url = params.get('callback_url');
	const accept = params.get('callback_accept');
	if (url !== undefined) c.callback = { url, accept: accept ?? DEFAULT_ACCEPT };
	else if (accept !== undefined) c.callback = null;
	const to = params.get('to');
	if (to !== undefined) c.destinations = to.split(',').map(formDestination);
	return c;
}

function formParams(body: string): Map<string, string> | undefined {
	const params = new Map<string, string>();
	for (const pair of body.split('&')) {
		if (pair === '') continue;
		const eq = pair.indexOf('=');
		const key = formDecode(eq < 0 ? pair : pair.slice(0, eq), false);
		if (params.has(key)) return undefined;
		params.set(key, formDecode(eq < 0 ? '' : pair.slice(eq + 1), LITERAL_PLUS.has(key)));
	}
	return params;
}

/** Form decoding (`+` a space, `%XX` a byte; a stray `%` kept), or `+` kept as itself. */
function formDecode(raw: string, literalPlus: boolean): string {
	const text = literalPlus ? raw.replace(/\+/g, '%2B') : raw;
	return new URLSearchParams(`v=${text}`).get('v') ?? '';
}

/** `NUMBER`, or `MSGID@NUMBER` (a custom message id). */
function formDestination(item: string): string | { number: string; id: string } {
	const at = item.indexOf('@');
	return at < 0 ? item : { number: item.slice(at + 1), id: item.slice(0, at) };
}
