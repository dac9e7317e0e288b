// Types for negotiator 1.x (the package ships none; @types/negotiator still describes 0.6, without
// the `preferred` option this server needs to choose brotli over gzip when both are accepted).
declare module "negotiator" {
  type Headers = Record<string, string | string[] | undefined>;
  export default class Negotiator {
    constructor(request: { headers: Headers });
    encoding(available?: string[], options?: { preferred?: string[] }): string | undefined;
    encodings(available?: string[], options?: { preferred?: string[] }): string[];
  }
}
