export type MessageTypeName = 'gsm' | 'unicode' | 'flash' | 'flashUnicode';

/** Message type ids (SMSOnlineGH v5 API documentation, message types; the vendor's SDK agrees). */
export const MESSAGE_TYPE_IDS: Record<MessageTypeName, number> = {
	gsm: 0,
	unicode: 1,
	flash: 2,
	flashUnicode: 3,
};

export const MESSAGE_TYPE_NAMES = new Map<number, MessageTypeName>(
	Object.entries(MESSAGE_TYPE_IDS).map(([name, id]) => [id, name as MessageTypeName]),
);
