// placeholder: replaced by the stand-in API implementation
export function createStandInApi() { return { handle: (_q, _s, next) => next(), close: async () => {} }; }
