import { describe, expect, it } from "vitest";
import { redactQueryString, redactUrl } from "./redactQueryString.ts";
import { redactText } from "./redactText.ts";

describe("redactText", () => {
  it("cuts the value after a secret name, as a form, a header line, JSON, escaped JSON or XML writes it", () => {
    expect(redactText("user=ana&password=hunter22&lang=en")).toBe("user=ana&password=[redacted]&lang=en");
    expect(redactText("Authorization: Bearer abc.def\nAccept: */*")).toBe("Authorization: [redacted]\nAccept: */*");
    expect(redactText('{"token": "abc", "kind": "x"')).toBe('{"token": "[redacted]", "kind": "x"');
    expect(redactText('{\\"secret_key\\":\\"s3cr3t\\",\\"n\\":1}')).toBe(
      '{\\"secret_key\\":\\"[redacted]\\",\\"n\\":1}',
    );
    expect(redactText("<r><passwd>pw</passwd><n>1</n></r>")).toBe("<r><passwd>[redacted]</passwd><n>1</n></r>");
    expect(redactText('{"api_keys": ["k1", {"a": "]"}], "n": 1}')).toBe('{"api_keys": [redacted], "n": 1}');
  });
  it("cuts credentials, tokens, URL passwords and e-mail addresses wherever they are", () => {
    expect(redactText("sent with Bearer sk_live_0123 today")).toBe("sent with Bearer [redacted] today");
    expect(redactText("sector: Basic Materials")).toBe("sector: Basic Materials");
    expect(redactText("t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-part_1 end")).toBe("t=[redacted] end");
    expect(redactText("postgres://app:s3cret@db:5432/x")).toBe("postgres://app:[redacted]@db:5432/x");
    expect(redactText("write to ana.b@example.org.")).toBe("write to [redacted email].");
  });
  it("adds what it cut to `found` when it is long enough to be cut elsewhere", () => {
    const found = new Set<string>();
    redactText("pin=1234&token=abcdefgh12", found);
    expect([...found]).toEqual(["abcdefgh12"]);
  });
  it("keeps true, false and null, and a name with no value", () => {
    expect(redactText('{"has_password": true, "token": null} the token expired')).toBe(
      '{"has_password": true, "token": null} the token expired',
    );
  });
});

describe("redactQueryString and redactUrl", () => {
  it("decodes names, keeps the encoding of what it does not cut", () => {
    expect(redactQueryString("a=%20x&user%5Bpassword%5D=p&client%5Fsecret=s")).toBe(
      "a=%20x&user%5Bpassword%5D=[redacted]&client%5Fsecret=[redacted]",
    );
  });
  it("an OAuth redirect: the code and a fragment's token go, the state stays", () => {
    expect(redactUrl("https://app.example/cb?code=SplxlOBeZQ&state=xyz#access_token=2YotnFZF&token_type=bearer")).toBe(
      "https://app.example/cb?code=[redacted]&state=xyz#access_token=[redacted]&token_type=bearer",
    );
    expect(redactUrl("/app;jsessionid=0AAF19?x=1")).toBe("/app;jsessionid=[redacted]?x=1");
  });
});
