/**
 * The account profile answered on `POST /v5/auth`. The SMSOnlineGH v5 API documentation does not
 * show this endpoint; its shape is what the vendor's SDK (Zenoph.Notify) reads after logging in:
 *
 *   settings/user/    timeZone, messageType, defDestination, routeFilters/filter*,
 *                     messageSenders/{sms/sender*, voice/sender*, countries/country*}
 *                                        (each list left out when empty; all of it without senders)
 *   settings/general/ messageTypes/type*, timeZones/region*[@name]/city*[@offset]
 *
 * In XML booleans are the text `true`/`false`, and a filter with no value is the text `null` (the
 * SDK's Python reader crashes on an empty element). JSON carries the same tree in its natural
 * form: lists are arrays (`routeFilters`, `sms`, `voice`, `countries`, `countryCodes`, `messageTypes`,
 * `timeZones`, a region's `cities`), booleans and null are JSON's own.
 */
import type { AccountState } from './accounts';
import { escapeXml, RawXml } from './envelope';
import { DEFAULT_TIME_ZONE, formatOffset, zoneOffsetMinutes } from './schedule';
import type { DataFormat } from './types';

const GHANA = {
	countryName: 'Ghana',
	countryCode: 'GH',
	dialCode: 233,
	minNumLen: 9,
	maxNumLen: 9,
} as const;

/**
 * Ghana's route: national numbers of nine digits starting 2, 3 or 5 (mobile and fixed lines).
 * The filter is a regular-expression fragment that follows the dial code.
 */
const GHANA_FILTER = {
	countryCode: GHANA.countryCode,
	countryName: GHANA.countryName,
	dialCode: GHANA.dialCode,
	networksFilter: '[235][0-9]{8}',
	areaCodesFilter: null,
	usesAreaCodes: false,
	cnum_minlen: 9,
	cnum_maxlen: 9,
	// Senders must be registered (status 2128 otherwise); an all-digit sender is not allowed.
	registerSender: true,
	numericSenderAllowed: false,
};

/**
 * The four message types. `charLen` is read here as the bytes one character takes in the type's
 * alphabet (1 for GSM, 2 for UCS-2): the simulator's reading of a member the SDK does not explain.
 */
const MESSAGE_TYPES = [
	{ id: 0, label: 'GSM Default', singleLen: 160, concatLen: 153, charLen: 1 },
	{ id: 1, label: 'Unicode', singleLen: 70, concatLen: 67, charLen: 2 },
	{ id: 2, label: 'Flash GSM Default', singleLen: 160, concatLen: 153, charLen: 1 },
	{ id: 3, label: 'Flash Unicode', singleLen: 70, concatLen: 67, charLen: 2 },
];

/** The zones the profile lists (the account's own is added when missing), by region. */
const LISTED_ZONES = [
	'Africa/Accra',
	'Africa/Abidjan',
	'Africa/Lagos',
	'Africa/Johannesburg',
	'Africa/Nairobi',
	'America/New_York',
	'Asia/Dubai',
	'Asia/Kolkata',
	'Europe/London',
	'Europe/Paris',
];

type Tree = Record<string, unknown>;

/** The profile's `data` for the asked format. */
export function profileData(account: AccountState, format: DataFormat, now: number): Tree | RawXml {
	const json = profileJson(account, now);
	return format === 'json' ? json : new RawXml(profileXml(json));
}

function profileJson(account: AccountState, now: number): Tree {
	const config = account.config;
	const user: Tree = {
		timeZone: config.timeZone ?? DEFAULT_TIME_ZONE,
		messageType: config.messageType ?? 0,
		...(config.home === null ? {} : { defDestination: { ...(config.home ?? GHANA) } }),
		routeFilters: [{ ...GHANA_FILTER }],
	};
	if (account.senders.length > 0 || account.voiceSenders.length > 0) {
		// The simulator matches sender names exactly.
		const listed = (names: readonly string[]): Tree[] =>
			names.map((name) => ({ name, caseSensitive: true, countryCodes: [GHANA.countryCode] }));
		const senders: Tree = {};
		if (account.senders.length > 0) senders.sms = listed(account.senders);
		// Voice senders have the sms list's shape, and are optional (the vendor's SDK).
		if (account.voiceSenders.length > 0) senders.voice = listed(account.voiceSenders);
		senders.countries = [{ name: GHANA.countryName, code: GHANA.countryCode }];
		user.messageSenders = senders;
	}
	return {
		settings: {
			user,
			general: {
				messageTypes: MESSAGE_TYPES.map((t) => ({ ...t })),
				timeZones: timeZones(String(user.timeZone), now),
			},
		},
	};
}

function timeZones(own: string, now: number): Tree[] {
	const zones = LISTED_ZONES.includes(own) ? LISTED_ZONES : [...LISTED_ZONES, own];
	const regions = new Map<string, Tree[]>();
	for (const zone of zones) {
		const slash = zone.indexOf('/');
		const region = slash < 0 ? zone : zone.slice(0, slash);
		const city = slash < 0 ? zone : zone.slice(slash + 1);
		const cities = regions.get(region) ?? [];
		cities.push({ name: city, offset: formatOffset(zoneOffsetMinutes(zone, now)) });
		regions.set(region, cities);
	}
	return [...regions].map(([name, cities]) => ({ name, cities }));
}

/** The XML element name of each list's entries. */
const LIST_ITEMS: Readonly<Record<string, string>> = {
	routeFilters: 'filter',
	sms: 'sender',
	voice: 'sender',
	countries: 'country',
	countryCodes: 'code',
	messageTypes: 'type',
	timeZones: 'region',
};

function profileXml(tree: Tree): string {
	return element('settings', tree.settings, '');
}

function element(name: string, value: unknown, attributes: string): string {
	if (Array.isArray(value)) {
		const item = LIST_ITEMS[name];
		return `<${name}${attributes}>${value.map((entry) => listEntry(item, entry)).join('')}</${name}>`;
	}
	if (typeof value === 'object' && value !== null) {
		const inner = Object.entries(value)
			.map(([key, child]) => element(key, child, ''))
			.join('');
		return `<${name}${attributes}>${inner}</${name}>`;
	}
	return `<${name}${attributes}>${escapeXml(value === null ? 'null' : value)}</${name}>`;
}

/** A region carries its name as an attribute, a city its offset (its name is the text). */
function listEntry(name: string, entry: unknown): string {
	if (name === 'region') {
		const { name: region, cities } = entry as { name: string; cities: unknown[] };
		return `<region name="${attribute(region)}">${cities.map((city) => listEntry('city', city)).join('')}</region>`;
	}
	if (name === 'city') {
		const { name: city, offset } = entry as { name: string; offset: string };
		return `<city offset="${attribute(offset)}">${escapeXml(city)}</city>`;
	}
	return element(name, entry, '');
}

function attribute(value: string): string {
	return escapeXml(value).replace(/"/g, '&quot;');
}
