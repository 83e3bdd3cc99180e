import { describe, expect, it } from "vitest";
import { camelizeKeys, decamelizeKeys } from "./case.ts";

describe("key case conversion", () => {
  it("S1-7.001 / camelizes response keys and decamelizes request keys, deeply", () => {
    const wire = { company_name: "Acme", nested_list: [{ object_size: 3 }], keep: null };
    const camel = camelizeKeys(wire);
    expect(camel).toEqual({ companyName: "Acme", nestedList: [{ objectSize: 3 }], keep: null });
    expect(decamelizeKeys(camel)).toEqual(wire);
  });

  it("leaves dates and other class instances untouched", () => {
    const when = new Date(0);
    expect(camelizeKeys({ inserted_at: when })).toEqual({ insertedAt: when });
  });
});
