import { createContext } from "react-router";
import type { Db } from "~/db/client.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What a feature does in the transaction that deletes an account, before its rows go (their foreign
 * keys cascade): tell the people who counted on it, as an adviser's booked students. Emails queued
 * to the account's own address are dropped with the rest of its mail.
 */
export type AccountDeletionHook = (tx: Tx, account: { id: number; email: string }, now: Date) => Promise<unknown>;

/**
 * The hooks the running server has (composed in server/services.server.ts): features that depend on
 * accounts give theirs here, so accounts depends on none of them.
 */
export const accountDeletionHooksContext = createContext<readonly AccountDeletionHook[]>([]);
