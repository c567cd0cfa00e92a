/**
 * The time as the app sees it. Services take a clock instead of calling `new Date()` so that
 * tests move time forward by hand instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
