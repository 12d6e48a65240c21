import { describe, expect, it } from "vitest";
import { countryName, deviceName } from "~/features/account-security/device-name";

/** The signed-in devices' names (docs/decisions/0070-sessions-as-records.md): what a member reads to tell their devices apart. */
describe("deviceName", () => {
  it.each([
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/129.0 Mobile/15E148 Safari/604.1", "Chrome on iPad"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 Edg/129.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0", "Firefox on Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari on Mac"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 OPR/114.0.0.0", "Opera on Linux"],
    [
      "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36", "Chrome on Chromebook"],
  ])("names %s", (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });

  it("says what it can of a browser it does not know, and 'Unknown browser' of nothing", () => {
    expect(deviceName("SomeApp/1.0 (Linux; Android 12)")).toBe("A browser on Android");
    expect(deviceName("curl/8.5.0")).toBe("Unknown browser");
    expect(deviceName("")).toBe("Unknown browser");
    expect(deviceName(null)).toBe("Unknown browser");
  });
});

describe("countryName", () => {
  it("names the country of Cloudflare's two letters, in British English", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("FR")).toBe("France");
  });

  it("says 'Unknown' when Cloudflare gave none or said it does not know", () => {
    expect(countryName(null)).toBe("Unknown");
    expect(countryName("XX")).toBe("Unknown");
    expect(countryName("T1")).toBe("Tor network");
  });
});
