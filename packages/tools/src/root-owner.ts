/** The owner path of a tool set's root conversation: what every call runs as by default. */
export const ROOT_OWNER = '/root';
