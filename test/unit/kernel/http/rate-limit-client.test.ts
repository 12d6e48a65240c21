import { describe, expect, it } from "vitest";
import { clientKey } from "~/kernel/http/rate-limit.server";

const from = (ip: string | null) => clientKey(new Request("https://mosaic.example/contact", { headers: ip === null ? {} : { "CF-Connecting-IP": ip } }));

describe("clientKey (who a per-client limit counts)", () => {
  it("is the IPv4 address as Cloudflare gives it", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from(" 198.51.100.1 ")).toBe("198.51.100.1");
  });

  it("counts an IPv6 client by its /64, however the address is written", () => {
    expect(from("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(from("2001:DB8:ABCD:0012:ffff::1")).toBe("2001:db8:abcd:12::/64");
    expect(from("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(from("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(from("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps an IPv4-mapped address whole, and is empty when the address is unknown", () => {
    expect(from("::ffff:203.0.113.7")).toBe("::ffff:203.0.113.7");
    expect(from(null)).toBe("");
  });
});
