/* eslint-disable @typescript-eslint/no-explicit-any -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The strict reader of the `POST /v5/auth` profile, after what the vendor's SDK (Zenoph.Notify)
 * reads: the Python reader requires every node except `messageSenders`, crashes on an empty
 * element, and reads booleans as the text `true`/`false`.
 */
import type { SdkAnswer } from './sdk-reader';

const INTEGER = /^-?\d+$/;

function fail(rule: string): never {
	throw new Error(`SDK would refuse the profile: ${rule}`);
}

function text(node: any, path: string): string {
	if (typeof node !== 'string' || node === '') fail(`${path} missing or empty`);
	return node;
}

function integer(node: any, path: string): number {
	if (!INTEGER.test(text(node, path))) fail(`${path} is not an integer`);
	return Number(node);
}

function boolean(node: any, path: string): boolean {
	if (node !== 'true' && node !== 'false') fail(`${path} is not true/false`);
	return node === 'true';
}

function list(node: any, path: string): any[] {
	if (!Array.isArray(node) || node.length === 0) fail(`${path} has no entries`);
	return node;
}

export function readProfile(answer: SdkAnswer): any {
	if (answer.handshakeId !== 0 || !answer.data) fail('no profile to read');
	if (/<[A-Za-z_]+(\s[^>]*)?\/>|<([A-Za-z_]+)(\s[^>]*)?><\/\2>/.test(answer.dataXml ?? '')) fail('an empty element');
	const user = answer.data.settings?.user;
	const general = answer.data.settings?.general;
	if (!user || !general) fail('settings/user or settings/general missing');
	if (!/^[A-Za-z_]+\/[A-Za-z_]+/.test(text(user.timeZone, 'timeZone'))) fail('timeZone is not Region/City');
	integer(user.messageType, 'messageType');
	const destination = user.defDestination;
	for (const member of ['countryName', 'countryCode']) text(destination?.[member], `defDestination/${member}`);
	for (const member of ['dialCode', 'minNumLen', 'maxNumLen'])
		integer(destination?.[member], `defDestination/${member}`);
	for (const filter of list(user.routeFilters?.filter, 'routeFilters/filter')) readFilter(filter);
	if (user.messageSenders !== undefined) readSenders(user.messageSenders);
	for (const type of list(general.messageTypes?.type, 'messageTypes/type')) {
		integer(type.id, 'type/id');
		text(type.label, 'type/label');
		for (const member of ['singleLen', 'concatLen', 'charLen']) integer(type[member], `type/${member}`);
	}
	for (const region of list(general.timeZones?.region, 'timeZones/region')) {
		text(region['@_name'], 'region/@name');
		for (const city of list(region.city, 'region/city')) {
			text(city['#text'], 'city');
			if (!/^[+-]\d{2}:\d{2}$/.test(text(city['@_offset'], 'city/@offset'))) fail('city offset is not ±HH:MM');
		}
	}
	return answer.data;
}

function readFilter(filter: any): void {
	for (const member of ['countryCode', 'countryName', 'networksFilter', 'areaCodesFilter']) {
		text(filter[member], `filter/${member}`);
	}
	for (const member of ['dialCode', 'cnum_minlen', 'cnum_maxlen']) integer(filter[member], `filter/${member}`);
	for (const member of ['usesAreaCodes', 'registerSender', 'numericSenderAllowed']) {
		boolean(filter[member], `filter/${member}`);
	}
}

/** `sms/sender*` and the optional `voice/sender*`, of the same shape. */
function readSenders(senders: any): void {
	for (const category of senders.voice === undefined ? ['sms'] : ['sms', 'voice']) {
		for (const sender of list(senders[category]?.sender, `${category}/sender`)) {
			text(sender.name, 'sender/name');
			boolean(sender.caseSensitive, 'sender/caseSensitive');
			for (const code of list(sender.countryCodes?.code, 'sender/countryCodes/code')) text(code, 'code');
		}
	}
	for (const country of list(senders.countries?.country, 'countries/country')) {
		text(country.name, 'country/name');
		text(country.code, 'country/code');
	}
}
