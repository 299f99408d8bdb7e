/**
 * `POST /v5/auth`: the account's profile, as the vendor's SDK (Zenoph.Notify, v5) reads it after
 * logging in (the SMSOnlineGH v5 API documentation does not show this endpoint):
 * `settings/user` (time zone, default message type, default destination country, route filters,
 * registered senders, SMS and voice) and `settings/general` (message types with their part
 * lengths). Booleans are the text `true`/`false` in XML. The general list of time zones is not
 * read: it is the service's catalogue, not the account's setting. The node gets the profile in its
 * own words (accountProfileReader: Profile).
 */
import { MESSAGE_TYPE_NAMES, type MessageTypeName } from '../../meanings/messageTypeIds';
import {
	isObject,
	optionalBoolean,
	optionalInteger,
	optionalText,
	toList,
	UnreadableResponseError,
} from '../read';
import type { DataReader } from '../service';

export const PROFILE_PATH = '/v5/auth';

export interface WireRouteFilter {
	countryCode: string;
	countryName?: string;
	dialCode?: number;
	registerSender?: boolean;
	numericSenderAllowed?: boolean;
}

export interface WireSender {
	name: string;
	caseSensitive: boolean;
	countryCodes: string[];
}

export interface WireMessageTypeInfo {
	id: number;
	label: string;
	singleLen?: number;
	concatLen?: number;
}

export interface WireProfile {
	timeZone?: string;
	messageType?: number;
	defDestination?: {
		countryName?: string;
		countryCode?: string;
		dialCode?: number;
		minNumLen?: number;
		maxNumLen?: number;
	};
	routeFilters: WireRouteFilter[];
	senders: WireSender[];
	/** The account's voice senders (`messageSenders/voice`), left out when it lists none. */
	voiceSenders?: WireSender[];
	messageTypes: WireMessageTypeInfo[];
}

function compact<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function readDefDestination(value: unknown): WireProfile['defDestination'] {
	if (!isObject(value)) return undefined;
	return compact({
		countryName: optionalText(value.countryName),
		countryCode: optionalText(value.countryCode),
		dialCode: optionalInteger(value.dialCode),
		minNumLen: optionalInteger(value.minNumLen),
		maxNumLen: optionalInteger(value.maxNumLen),
	});
}

function readRouteFilter(value: unknown): WireRouteFilter | undefined {
	if (!isObject(value)) return undefined;
	const countryCode = optionalText(value.countryCode);
	if (countryCode === undefined) return undefined;
	return compact({
		countryCode: countryCode.toUpperCase(),
		countryName: optionalText(value.countryName),
		dialCode: optionalInteger(value.dialCode),
		registerSender: optionalBoolean(value.registerSender),
		numericSenderAllowed: optionalBoolean(value.numericSenderAllowed),
	});
}

function readSenderEntry(value: unknown): WireSender | undefined {
	if (!isObject(value)) return undefined;
	const name = optionalText(value.name);
	if (name === undefined) return undefined;
	const codes =
		isObject(value.countryCodes) || Array.isArray(value.countryCodes)
			? toList(value.countryCodes, 'countryCodes is not a list', 'code')
			: [];
	return {
		name,
		caseSensitive: optionalBoolean(value.caseSensitive) ?? false,
		countryCodes: codes
			.map((code) => optionalText(code)?.toUpperCase())
			.filter((code): code is string => code !== undefined),
	};
}

function readMessageTypeInfo(value: unknown): WireMessageTypeInfo | undefined {
	if (!isObject(value)) return undefined;
	const id = optionalInteger(value.id);
	if (id === undefined) return undefined;
	return compact({
		id,
		label: optionalText(value.label) ?? String(id),
		singleLen: optionalInteger(value.singleLen),
		concatLen: optionalInteger(value.concatLen),
	});
}

/** Entries of a list member that read; odd entries are left out rather than failing the profile. */
function entries<T>(value: unknown, element: string, read: (entry: unknown) => T | undefined): T[] {
	if (value === undefined || value === null || value === '') return [];
	return toList(value, `${element} is not a list`, element)
		.map(read)
		.filter((entry): entry is T => entry !== undefined);
}

function readProfile(data: unknown): WireProfile {
	const settings = isObject(data) ? data.settings : undefined;
	if (!isObject(settings) || !isObject(settings.user))
		throw new UnreadableResponseError('the profile has no settings');
	const user = settings.user;
	const general = isObject(settings.general) ? settings.general : {};
	const senders = isObject(user.messageSenders) ? user.messageSenders : {};
	const voiceSenders = entries(senders.voice, 'sender', readSenderEntry);
	return compact({
		timeZone: optionalText(user.timeZone),
		messageType: optionalInteger(user.messageType),
		defDestination: readDefDestination(user.defDestination),
		routeFilters: entries(user.routeFilters, 'filter', readRouteFilter),
		senders: entries(senders.sms, 'sender', readSenderEntry),
		voiceSenders: voiceSenders.length > 0 ? voiceSenders : undefined,
		messageTypes: entries(general.messageTypes, 'type', readMessageTypeInfo),
	});
}

export const profileReader: DataReader<WireProfile> = {
	xmlLists: [
		'settings.user.routeFilters.filter',
		'settings.user.messageSenders.sms.sender',
		'settings.user.messageSenders.sms.sender.countryCodes.code',
		'settings.user.messageSenders.voice.sender',
		'settings.user.messageSenders.voice.sender.countryCodes.code',
		'settings.general.messageTypes.type',
	],
	read: readProfile,
	unreadable: (reason) => ({
		message: 'The SMS service sent an account profile that could not be read: try again later',
		description: `HTTP 200 and handshake 0, but ${reason}.`,
	}),
};

/** A registered sender, SMS or voice, with the countries it is registered for. */
export interface ProfileSender {
	name: string;
	caseSensitive: boolean;
	countryCodes: string[];
}

/** The account's profile, in the node's words: Get Profile's output item. */
export interface AccountProfile {
	timeZone: string | null;
	defaultMessageType: MessageTypeName | null;
	defaultCountry: { name: string | null; code: string | null; dialCode: number | null } | null;
	/** Per destination country: whether a sender must be registered for it, and whether an all-digit one is allowed. */
	routes: Array<{
		countryCode: string;
		country: string | null;
		dialCode: number | null;
		senderMustBeRegistered: boolean;
		numericSenderAllowed: boolean;
	}>;
	senders: ProfileSender[];
	/** Empty when the profile lists none (its voice list is optional). */
	voiceSenders: ProfileSender[];
	messageTypes: Array<{
		id: number;
		name: string;
		singlePartLength: number | null;
		concatenatedPartLength: number | null;
	}>;
}

/**
 * A destination country's sender rules as the profile states them: a flag it leaves out stays out,
 * and is never held against a sender (Get Profile's routes show it as the strict case).
 */
export interface SenderRoute {
	countryCode: string;
	countryName?: string;
	dialCode?: number;
	senderMustBeRegistered?: boolean;
	numericSenderAllowed?: boolean;
}

/**
 * Where a number goes, for the sender check (helpers/senderRules.ts), which takes the senders from
 * the profile itself: the home country's dial code and national number lengths, and the routes.
 */
export interface SenderRouting {
	home?: { dialCode?: number; minLength?: number; maxLength?: number };
	routes: SenderRoute[];
}

/** The profile as the node reads it once and keeps it (account/profileCache.ts). */
export interface Profile extends AccountProfile {
	senderRouting: SenderRouting;
}

function senderOf(s: ProfileSender): ProfileSender {
	return { name: s.name, caseSensitive: s.caseSensitive, countryCodes: [...s.countryCodes] };
}

/**
 * Wire → node: the profile. A route that does not say is read as the strict case (a registered
 * sender needed, a numeric one allowed only when it says so): the node checks senders against it.
 */
export function fromWireProfile(data: WireProfile): AccountProfile {
	const home = data.defDestination;
	return {
		timeZone: data.timeZone ?? null,
		defaultMessageType:
			data.messageType === undefined ? null : (MESSAGE_TYPE_NAMES.get(data.messageType) ?? null),
		defaultCountry: home
			? {
					name: home.countryName ?? null,
					code: home.countryCode ?? null,
					dialCode: home.dialCode ?? null,
				}
			: null,
		routes: data.routeFilters.map((r) => ({
			countryCode: r.countryCode,
			country: r.countryName ?? null,
			dialCode: r.dialCode ?? null,
			senderMustBeRegistered: r.registerSender ?? true,
			numericSenderAllowed: r.numericSenderAllowed ?? false,
		})),
		senders: data.senders.map(senderOf),
		voiceSenders: (data.voiceSenders ?? []).map(senderOf),
		messageTypes: data.messageTypes.map((t) => ({
			id: t.id,
			name: t.label,
			singlePartLength: t.singleLen ?? null,
			concatenatedPartLength: t.concatLen ?? null,
		})),
	};
}

function senderRoutingOf(data: WireProfile): SenderRouting {
	const home = data.defDestination;
	return compact({
		home:
			home &&
			compact({ dialCode: home.dialCode, minLength: home.minNumLen, maxLength: home.maxNumLen }),
		routes: data.routeFilters.map((r) =>
			compact({
				countryCode: r.countryCode,
				countryName: r.countryName,
				dialCode: r.dialCode,
				senderMustBeRegistered: r.registerSender,
				numericSenderAllowed: r.numericSenderAllowed,
			}),
		),
	});
}

function readAccountProfile(data: unknown): Profile {
	const wire = readProfile(data);
	return { ...fromWireProfile(wire), senderRouting: senderRoutingOf(wire) };
}

/** The profile's reader for the node: the wire read once into its own words (Profile). */
export const accountProfileReader: DataReader<Profile> = {
	...profileReader,
	read: readAccountProfile,
};

/** Get Profile's item: a copy, so that what the workflow does with it leaves the kept profile as read. */
export function profileItem(profile: Profile): AccountProfile {
	return {
		timeZone: profile.timeZone,
		defaultMessageType: profile.defaultMessageType,
		defaultCountry: profile.defaultCountry && { ...profile.defaultCountry },
		routes: profile.routes.map((route) => ({ ...route })),
		senders: profile.senders.map(senderOf),
		voiceSenders: profile.voiceSenders.map(senderOf),
		messageTypes: profile.messageTypes.map((type) => ({ ...type })),
	};
}
