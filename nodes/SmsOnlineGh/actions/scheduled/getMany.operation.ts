/** Get Many for both resources: Scheduled SMS lists category 1, Scheduled Voice category 2. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ScheduledRange } from '../../../shared/transport/endpoints/scheduled';
import {
	encodeScheduledFilter,
	listedMessagesReader,
	SCHEDULED_LIST_PATH,
	toWireScheduledFilter,
} from '../../../shared/transport/endpoints/scheduled';
import type { MessageCategory } from '../../../shared/transport/endpoints/send';
import { callService } from '../../../shared/transport/service';
import { UTC_OFFSET } from '../../helpers/schedule';
import { queryOptions } from '../../items/common.descriptions';
import { describeValue, itemError } from '../../items/itemErrors';
import type { ItemInput, Operation, Outcome } from '../../items/operation';
import type { ItemParameters } from '../../items/parameters';
import { readSettings } from '../../items/settings';

const properties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		displayOptions: { show: { returnAll: [false] } },
		description: 'Max number of results to return',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Scheduled After',
				name: 'from',
				type: 'dateTime',
				default: '',
				description: 'Only messages scheduled at or after this time',
			},
			{
				displayName: 'Scheduled Before',
				name: 'to',
				type: 'dateTime',
				default: '',
				description: 'Only messages scheduled at or before this time',
			},
			{
				displayName: 'UTC Offset',
				name: 'utcOffset',
				type: 'string',
				default: '',
				placeholder: 'e.g. +00:00',
				description:
					'UTC offset of the two times, from -12:00 to +13:00. Leave empty for the time zone of your SMSOnlineGH account.',
			},
		],
	},
	queryOptions,
];

interface ListRequest {
	range?: ScheduledRange;
	limit: number;
}

interface ListedCategory {
	category: MessageCategory;
	option: Operation['option'];
}

const OPEN_FROM = '2000-01-01 00:00:00';
const OPEN_TO = '2099-12-31 23:59:59';

function wallClock(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const match =
		typeof value === 'string'
			? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?/.exec(value.trim())
			: null;
	if (!match)
		throw itemError(
			ctx,
			itemIndex,
			field,
			`is not a date and time: the expression gave ${describeValue(value)}`,
		);
	return `${match[1]} ${match[2]}:${match[3] ?? '00'}`;
}

/** The service takes a time range only as a pair (the vendor's SDK sends both or neither). */
function readItem(
	this: IExecuteFunctions,
	itemIndex: number,
	parameters: ItemParameters,
): ListRequest {
	const filters = parameters.get<IDataObject>('filters', itemIndex, {}) ?? {};
	const from = wallClock(this, itemIndex, 'Scheduled After', filters.from);
	const to = wallClock(this, itemIndex, 'Scheduled Before', filters.to);
	const offset = typeof filters.utcOffset === 'string' ? filters.utcOffset.trim() : '';
	if (offset !== '' && !UTC_OFFSET.test(offset)) {
		throw itemError(
			this,
			itemIndex,
			'UTC Offset',
			`"${offset}" is not an offset such as +00:00 or -05:30 (from -12:00 to +13:00)`,
		);
	}
	if (from !== undefined && to !== undefined && from > to) {
		throw itemError(
			this,
			itemIndex,
			'Scheduled After',
			`${from} is later than Scheduled Before (${to})`,
		);
	}
	const range: ScheduledRange | undefined =
		from !== undefined || to !== undefined
			? { from: from ?? OPEN_FROM, to: to ?? OPEN_TO }
			: undefined;
	if (range && offset !== '') range.offset = offset;
	const returnAll = parameters.get<boolean>('returnAll', itemIndex, false);
	const limit = returnAll ? Infinity : Number(parameters.get<number>('limit', itemIndex, 50));
	if (!(limit >= 1)) throw itemError(this, itemIndex, 'Limit', 'must be a number of at least 1');
	return range ? { range, limit } : { limit };
}

/** One request per distinct filter; a listed message of another category is left out. */
async function execute(
	ctx: IExecuteFunctions,
	inputs: Array<ItemInput<ListRequest>>,
	parameters: ItemParameters,
	category: MessageCategory,
): Promise<Outcome[]> {
	const { transport } = readSettings(ctx, parameters);
	const groups = new Map<string, { request: ListRequest; items: number[] }>();
	for (const { itemIndex, input } of inputs) {
		const key = JSON.stringify(input);
		const group = groups.get(key);
		if (group) group.items.push(itemIndex);
		else groups.set(key, { request: input, items: [itemIndex] });
	}
	const outcomes: Outcome[] = [];
	for (const { request, items } of groups.values()) {
		const paired = items.length === 1 ? items[0] : items;
		const body = encodeScheduledFilter(
			toWireScheduledFilter(category, request.range),
			transport.format,
		);
		const call = await callService(
			ctx,
			{
				path: SCHEDULED_LIST_PATH,
				body,
				reader: listedMessagesReader,
				compressed: true,
				readOnly: true,
				narrower: 'list a shorter time with the Scheduled After and Before filters',
			},
			transport,
		);
		if (!call.ok) {
			const error = call.failure.toNodeApiError(ctx.getNode(), { itemIndex: items[0] });
			outcomes.push(...items.map((item) => ({ items: item, json: {}, error })));
			continue;
		}
		const listed = call.value.filter((message) => message.category === category);
		for (const message of listed.slice(0, request.limit)) {
			outcomes.push({ items: paired, json: message as unknown as IDataObject });
		}
	}
	return outcomes;
}

function listOperation({ category, option }: ListedCategory): Operation<ListRequest> {
	return {
		option,
		properties,
		readItem(this: IExecuteFunctions, itemIndex: number, parameters: ItemParameters): ListRequest {
			return readItem.call(this, itemIndex, parameters);
		},
		async execute(
			this: IExecuteFunctions,
			inputs: Array<ItemInput<ListRequest>>,
			parameters: ItemParameters,
		): Promise<Outcome[]> {
			return await execute(this, inputs, parameters, category);
		},
	};
}

export const getMany = listOperation({
	category: 'sms',
	option: {
		name: 'Get Many',
		description: 'List the messages waiting for their scheduled time',
		action: 'Get many scheduled SMS',
	},
});

export const getManyVoice = listOperation({
	category: 'voice',
	option: {
		name: 'Get Many',
		description: 'List the voice messages waiting for their scheduled time',
		action: 'Get many scheduled voice messages',
	},
});
