import { afterEach, describe, expect, it } from "vitest";
import { env, originEnv } from "./env";

// process.env is shared by the files of a worker (isolate: false): every variable set here is put back.
const NAMES = ["HOST", "PORT", "TALLY_ALLOWED_ORIGINS", "TALLY_ALLOWED_HOSTS"] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("TALLY_ALLOWED_ORIGINS and TALLY_ALLOWED_HOSTS", () => {
  it("default to none", () => {
    delete process.env.TALLY_ALLOWED_ORIGINS;
    delete process.env.TALLY_ALLOWED_HOSTS;
    expect(env()).toMatchObject({ TALLY_ALLOWED_ORIGINS: [], TALLY_ALLOWED_HOSTS: [] });
  });

  it("read comma-separated lists into origins and hosts as requests carry them", () => {
    process.env.TALLY_ALLOWED_ORIGINS = " https://Dash.Example.com/ , http://localhost:5173,,";
    process.env.TALLY_ALLOWED_HOSTS = "Tally.Example.com., ci.example.com:8443, 10.0.0.5:80";
    expect(env()).toMatchObject({
      TALLY_ALLOWED_ORIGINS: ["https://dash.example.com", "http://localhost:5173"],
      TALLY_ALLOWED_HOSTS: ["tally.example.com", "ci.example.com:8443", "10.0.0.5"],
    });
  });

  it("refuse an item that is not an origin or a host, naming it", () => {
    process.env.TALLY_ALLOWED_ORIGINS = "https://ok.example.com,*";
    expect(() => env()).toThrow(/TALLY_ALLOWED_ORIGINS: "\*" is not an origin/);
    process.env.TALLY_ALLOWED_ORIGINS = "https://ok.example.com/app";
    expect(() => env()).toThrow(/TALLY_ALLOWED_ORIGINS/);
    delete process.env.TALLY_ALLOWED_ORIGINS;
    process.env.TALLY_ALLOWED_HOSTS = "http://tally.example.com";
    expect(() => env()).toThrow(/TALLY_ALLOWED_HOSTS: "http:\/\/tally\.example\.com" is not a host name/);
  });

  it("originEnv reads only what the proxy needs: null when one of those is invalid, never over another", () => {
    process.env.PORT = "not a port";
    process.env.HOST = "0.0.0.0";
    expect(originEnv()).toEqual({ HOST: "0.0.0.0", TALLY_ALLOWED_ORIGINS: [], TALLY_ALLOWED_HOSTS: [] });
    process.env.TALLY_ALLOWED_HOSTS = "a b";
    expect(originEnv()).toBeNull();
  });
});
