// A pushed delivery report to items; pure. A push's shape is not public (the vendor's SDK, Zenoph.Notify, only writes
// `callback/url` and `callback/accept`): it is read as the SDK's delivery report (docs/trigger.md).
import type { IDataObject } from 'n8n-workflow';

import { reportedDestination, reportReceipt } from '../shared/reportItems';
import { textExcerpt, valueExcerpt } from './excerpt';
import { decodeEnvelope, sniffFormat } from '../shared/transport/codec';
import { inflateAnswer } from '../shared/transport/compressed';
import { deliveryReportReader } from '../shared/transport/endpoints/report';
import {
	type MessageCategory,
	readSendAnswer,
	REPORTED_CATEGORIES,
	type WireSendResult,
} from '../shared/transport/endpoints/send';
import { decoded, isObject, toList } from '../shared/transport/read';

export type ItemShape = 'destination' | 'report';

export interface PushOptions {
	/** Verdicts whose destinations start an execution; empty: every verdict. */
	verdicts: readonly string[];
	shape: ItemShape;
	/** The trigger's Maximum Body Size: also the most a compressed body may inflate to. */
	maxBodyBytes: number;
}

export type PushOutcome =
	| { accepted: false; httpStatus: 400; reason: string }
	| { accepted: true; items: IDataObject[] };

export const RAW_BODY = 'rawBody';

/** base64 of a gzip stream always begins with these characters (bytes 1f 8b 08). */
const GZIP_BASE64 = /^\s*H4sI[A-Za-z0-9+/=\s]*$/;

/** Not JSON, XML nor base64 of gzip: 400; one that does not read as a report: a `warning` item. Never throws. */
export function readPush(body: string, contentType: string, options: PushOptions): PushOutcome {
	const text = plainText(body, contentType, options.maxBodyBytes);
	if (text === undefined) {
		const reason =
			body.trim() === '' ? 'the body is empty' : 'the body is neither JSON, XML nor base64 of gzip';
		return { accepted: false, httpStatus: 400, reason };
	}
	if (!text.ok) return { accepted: true, items: [warningItem(text.reason, body, contentType)] };
	return { accepted: true, items: reportItems(text.value, body, contentType, options) };
}

function plainText(
	body: string,
	contentType: string,
	maxBytes: number,
): { ok: true; value: string } | { ok: false; reason: string } | undefined {
	if (sniffFormat(body) !== undefined) return { ok: true, value: body };
	if (!GZIP_BASE64.test(body)) return undefined;
	try {
		const inflated = inflateAnswer(body, { 'content-type': contentType }, maxBytes);
		if (sniffFormat(inflated) !== undefined) return { ok: true, value: inflated };
		return { ok: false, reason: 'the compressed body holds neither JSON nor XML' };
	} catch (error) {
		// Too large once inflated: a warning item, not a 413. The body was within the limit and had the token, so it is kept:
		// a 413 would lose it, the same push being refused every time it came again.
		if (error instanceof RangeError) return { ok: false, reason: tooLargeInflated(maxBytes) };
		return {
			ok: false,
			reason: `the compressed body could not be inflated (${(error as Error).message})`,
		};
	}
}

function tooLargeInflated(maxBytes: number): string {
	const mb = Math.round((maxBytes / (1024 * 1024)) * 100) / 100;
	return `the compressed body inflates to more than ${mb} MB, the trigger's Maximum Body Size: raise that option to read such a report`;
}

function readReport(data: unknown): WireSendResult {
	return readSendAnswer(data, (destination) => destination, { categories: REPORTED_CATEGORIES });
}

interface PushedReport {
	report?: WireSendResult;
	destinations: IDataObject[];
	category?: MessageCategory;
}

function reportItems(
	text: string,
	raw: string,
	contentType: string,
	options: PushOptions,
): IDataObject[] {
	const envelope = decodeEnvelope(text, deliveryReportReader.xmlLists);
	if (!envelope.ok) return [warningItem(envelope.reason, raw, contentType)];
	const { handshake, data } = envelope.value;
	if (handshake.id !== 0) {
		return [
			warningItem(
				`the report's handshake is ${handshake.id}${handshake.label ? ` ${handshake.label}` : ''}, not 0`,
				raw,
				contentType,
			),
		];
	}
	const read = readDestinations(data, raw, contentType);
	if (Array.isArray(read)) return read;
	const chosen = read.destinations.filter((item) => keep(item, options.verdicts));
	if (options.shape === 'destination' || chosen.length === 0) return chosen;
	return [wholePushItem(read.report, read.category, chosen)];
}

function readDestinations(
	data: unknown,
	raw: string,
	contentType: string,
): PushedReport | IDataObject[] {
	const whole = decoded(() => readReport(data));
	if (whole.ok) {
		// The reader takes a missing list for an empty one; a push about no destination is not a report.
		if (whole.value.destinations.length === 0)
			return [warningItem('the report names no destination', raw, contentType)];
		return {
			report: whole.value,
			destinations: reportDestinations(whole.value),
			category: whole.value.category,
		};
	}
	// The report's own members fail every destination alike: a USSD report is one warning item, not one per destination.
	const head = decoded(() => readReport(isObject(data) ? { ...data, destinations: [] } : data));
	if (!head.ok) return [warningItem(head.reason, raw, contentType)];
	return {
		destinations: destinationByDestination(data, whole.reason, raw, contentType),
		category: head.value.category,
	};
}

// A voice batch's items say so; an SMS report's keep the shape they always had (no category).
function reportDestinations(report: WireSendResult): IDataObject[] {
	return report.destinations.map((wire) => {
		const item = reportedDestination(report.batch, reportReceipt(wire), undefined, report.category);
		if (report.category === 'voice') item.category = 'voice';
		return item;
	});
}

// Refused whole (one destination without a number, say): read one destination at a time, each unreadable one a warning.
function destinationByDestination(
	data: unknown,
	reason: string,
	raw: string,
	contentType: string,
): IDataObject[] {
	const list = isObject(data)
		? decoded(() => toList(data.destinations, 'no destinations list'))
		: undefined;
	if (!list?.ok || list.value.length === 0) return [warningItem(reason, raw, contentType)];
	return list.value.map((destination, index) => {
		const one = decoded(() =>
			readReport({ ...(data as IDataObject), destinations: [destination] }),
		);
		if (one.ok) return reportDestinations(one.value)[0];
		const why = one.reason.replace('destination 1', `destination ${index + 1}`);
		// An excerpt, never the raw member: it may be nested thousands deep.
		return {
			warning: `The pushed report could not be read whole: ${why}`,
			destination: valueExcerpt(destination) as IDataObject,
		};
	});
}

/** Warning items always pass: a report the trigger could not read may be of any verdict. */
function keep(item: IDataObject, verdicts: readonly string[]): boolean {
	return (
		verdicts.length === 0 || item.warning !== undefined || verdicts.includes(String(item.verdict))
	);
}

// The one item of a push under One Item per Report: its destinations as a list.
function wholePushItem(
	report: WireSendResult | undefined,
	category: MessageCategory | undefined,
	destinations: IDataObject[],
): IDataObject {
	const batch = report?.batch ?? destinations.find((d) => typeof d.batch === 'string')?.batch;
	const item: IDataObject = {};
	if (batch !== undefined) item.batch = batch;
	if (category === 'voice') item.category = 'voice';
	item.destinationsCount = destinations.length;
	item.destinations = destinations;
	return item;
}

// The whole body goes beside it as binary data (the node adds it), not into the JSON, which n8n copies and serialises.
export function warningItem(reason: string, raw: string, contentType: string): IDataObject {
	const item: IDataObject = {
		warning: `A delivery report was pushed but could not be read: ${reason}. The whole body is in the binary property ${RAW_BODY}.`,
		excerpt: textExcerpt(raw),
	};
	if (contentType !== '') item.contentType = contentType;
	return item;
}
