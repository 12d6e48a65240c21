import { Agent, setGlobalDispatcher } from "undici";

/**
 * Every test's fetch opens a connection of its own (undici: pipelining 0 is no keep-alive).
 * A kept-alive connection that the server (workerd) closes just as the next request goes
 * out fails that request with "other side closed"; on a loaded machine, with several test
 * runs at once, that window is wide enough to hit. A connection to 127.0.0.1 costs nothing.
 * Node's fetch and Miniflare's both read the dispatcher this sets.
 */
setGlobalDispatcher(new Agent({ pipelining: 0 }));
