/**
 * The response envelope of the SMSOnlineGH v5 API documentation, `handshake` then `data`, in
 * JSON or XML, in either dialect.
 *
 * XML in the 'sdk' dialect follows what the vendor's SDK (Zenoph.Notify) checks before reading
 * anything: `<response><handshake>…</handshake><data>…</data></response>` with nothing between
 * those tags, and on an error no `data` element at all (`<data/>` fails its check). The 'contract'
 * dialect answers `<data/>` on an error, as the simulator always did. JSON answers `"data": null`
 * on an error in both.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { DataFormat, Dialect } from './types';

/** The three characters that cannot stand as themselves in XML text. */
const XML_TEXT_SPECIAL = /[&<>]/;

/** Escapes XML text content (quotes need no escaping there). */
export function escapeXml(value: unknown): string {
	const text = String(value);
	if (!XML_TEXT_SPECIAL.test(text)) return text;
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Escaping through the builder's tagValueProcessor hook, and only for the rare value that needs
 * it, instead of the builder's own pass (five regex replacements on every value: a third of the
 * time of an answer with 100,000 destinations).
 */
function escapeText(_name: string, value: unknown): string {
	return escapeXml(value);
}

/** Answers carry no attributes; leaving them out makes the builder markedly faster on big answers. */
const xmlBuilder = new XMLBuilder({
	ignoreAttributes: true,
	format: false,
	// Renders null as an empty element, as in <currencyName/>.
	suppressEmptyNode: true,
	processEntities: false,
	tagValueProcessor: escapeText,
});

/** The declaration is the one place with attributes, so it gets its own builder, run once. */
export const XML_DECLARATION = new XMLBuilder({
	ignoreAttributes: false,
	attributeNamePrefix: '@_',
}).build({
	'?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
}) as string;

export interface Handshake {
	id: number;
	label: string;
}

/**
 * The inside of `<data>`, already written: for answers whose XML is not the plain mapping of
 * their JSON (the profile has attributes). JSON never sees it: the caller passes the JSON form.
 */
export class RawXml {
	constructor(readonly xml: string) {}
}

export type EnvelopeData = Record<string, unknown> | RawXml | null;

/**
 * The envelope in the asked format. The dialect only matters for an XML error (see the top of
 * this file); it defaults to the contract's, as before dialects.
 */
export function encodeEnvelope(
	format: DataFormat,
	handshake: Handshake,
	data: EnvelopeData,
	dialect: Dialect = 'contract',
): string {
	if (format === 'json')
		return JSON.stringify({ handshake, data: data instanceof RawXml ? null : data });
	let xml = `${XML_DECLARATION}<response>${xmlBuilder.build({ handshake }) as string}`;
	if (data instanceof RawXml) xml += `<data>${data.xml}</data>`;
	else if (data !== null) xml += xmlBuilder.build({ data: xmlData(data) }) as string;
	else if (dialect === 'contract') xml += '<data/>';
	return `${xml}</response>`;
}

/** In XML a list is an element holding one `<item>` per entry (destinations in the send result). */
function xmlData(data: Record<string, unknown>): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(data)) {
		out[key] = Array.isArray(value) ? { item: value } : value;
	}
	return out;
}
