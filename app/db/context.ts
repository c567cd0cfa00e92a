import { createContext } from "react-router";
import type { Db } from "./client.server";
import type { RateLimiter } from "./rate-limiter.server";

/** The database every loader and action queries (queries take it explicitly). */
export const dbContext = createContext<Db>();
/** The shared rate limiter (counters in the database, so every instance shares them). */
export const rateLimiterContext = createContext<RateLimiter>();
