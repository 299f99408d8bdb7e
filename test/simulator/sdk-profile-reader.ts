/**
 * The strict reader of the `POST /v5/auth` profile, after what the vendor's SDK (Zenoph.Notify)
 * reads: the Python reader requires every node except `messageSenders`, crashes on an empty
 * element, and reads booleans as the text `true`/`false`.
 */
import { at, type SdkAnswer, type XmlNode } from './sdk-reader';

const INTEGER = /^-?\d+$/;

function fail(rule: string): never {
	throw new Error(`SDK would refuse the profile: ${rule}`);
}

function text(node: XmlNode | undefined, path: string): string {
	if (typeof node !== 'string' || node === '') fail(`${path} missing or empty`);
	return node;
}

function integer(node: XmlNode | undefined, path: string): number {
	if (!INTEGER.test(text(node, path))) fail(`${path} is not an integer`);
	return Number(node);
}

function boolean(node: XmlNode | undefined, path: string): boolean {
	if (node !== 'true' && node !== 'false') fail(`${path} is not true/false`);
	return node === 'true';
}

function list(node: XmlNode | undefined, path: string): XmlNode[] {
	if (!Array.isArray(node) || node.length === 0) fail(`${path} has no entries`);
	return node;
}

export function readProfile(answer: SdkAnswer): SdkProfile {
	if (answer.handshakeId !== 0 || !answer.data) fail('no profile to read');
	if (/<[A-Za-z_]+(\s[^>]*)?\/>|<([A-Za-z_]+)(\s[^>]*)?><\/\2>/.test(answer.dataXml ?? ''))
		fail('an empty element');
	const user = at(answer.data, 'settings', 'user');
	const general = at(answer.data, 'settings', 'general');
	if (!user || !general) fail('settings/user or settings/general missing');
	if (!/^[A-Za-z_]+\/[A-Za-z_]+/.test(text(at(user, 'timeZone'), 'timeZone')))
		fail('timeZone is not Region/City');
	integer(at(user, 'messageType'), 'messageType');
	const destination = at(user, 'defDestination');
	for (const member of ['countryName', 'countryCode'])
		text(at(destination, member), `defDestination/${member}`);
	for (const member of ['dialCode', 'minNumLen', 'maxNumLen'])
		integer(at(destination, member), `defDestination/${member}`);
	for (const filter of list(at(user, 'routeFilters', 'filter'), 'routeFilters/filter'))
		readFilter(filter);
	const senders = at(user, 'messageSenders');
	if (senders !== undefined) readSenders(senders);
	for (const type of list(at(general, 'messageTypes', 'type'), 'messageTypes/type')) {
		integer(at(type, 'id'), 'type/id');
		text(at(type, 'label'), 'type/label');
		for (const member of ['singleLen', 'concatLen', 'charLen'])
			integer(at(type, member), `type/${member}`);
	}
	for (const region of list(at(general, 'timeZones', 'region'), 'timeZones/region')) {
		text(at(region, '@_name'), 'region/@name');
		for (const city of list(at(region, 'city'), 'region/city')) {
			text(at(city, '#text'), 'city');
			if (!/^[+-]\d{2}:\d{2}$/.test(text(at(city, '@_offset'), 'city/@offset')))
				fail('city offset is not ±HH:MM');
		}
	}
	// The members the tests read are checked above.
	return answer.data as unknown as SdkProfile;
}

function readFilter(filter: XmlNode): void {
	for (const member of ['countryCode', 'countryName', 'networksFilter', 'areaCodesFilter']) {
		text(at(filter, member), `filter/${member}`);
	}
	for (const member of ['dialCode', 'cnum_minlen', 'cnum_maxlen'])
		integer(at(filter, member), `filter/${member}`);
	for (const member of ['usesAreaCodes', 'registerSender', 'numericSenderAllowed']) {
		boolean(at(filter, member), `filter/${member}`);
	}
}

/** `sms/sender*` and the optional `voice/sender*`, of the same shape. */
function readSenders(senders: XmlNode): void {
	for (const category of at(senders, 'voice') === undefined ? ['sms'] : ['sms', 'voice']) {
		for (const sender of list(at(senders, category, 'sender'), `${category}/sender`)) {
			text(at(sender, 'name'), 'sender/name');
			boolean(at(sender, 'caseSensitive'), 'sender/caseSensitive');
			for (const code of list(at(sender, 'countryCodes', 'code'), 'sender/countryCodes/code'))
				text(code, 'code');
		}
	}
	for (const country of list(at(senders, 'countries', 'country'), 'countries/country')) {
		text(at(country, 'name'), 'country/name');
		text(at(country, 'code'), 'country/code');
	}
}

/** A sender as the profile lists it: every value text. */
export interface SdkSender {
	name: string;
	caseSensitive: string;
	countryCodes: { code: string[] };
}

/** The profile members the tests read, as the SDK reads them. */
export interface SdkProfile {
	settings: {
		user: {
			timeZone: string;
			messageSenders?: { sms: { sender: SdkSender[] }; voice?: { sender: SdkSender[] } };
		};
	};
}
