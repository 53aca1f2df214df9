/** Whose chats the server keeps (one local user); the test opens the same scope through engram's API. */
export const chatScope = { tenant: 'web-chat', user: 'local' };

/** The content store's space for offloaded tool results (the report). */
export const contentSpace = 'web-chat';
