import { VM_TIERS, vmTierLabel } from "@boxyard/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../../../test/app.ts";
import { type Personas, personas, setFrozen } from "../../../test/factories.ts";
import { call } from "../sandboxes/testing.ts";

let app: TestApp;
let p: Personas;
beforeAll(async () => {
  app = await testApp();
  p = await personas(app);
});

describe("GET /api/v1/vm_tiers and /api/vm_tiers", () => {
  it("S2-7.014 S2-7.022 S2-3.006 / the server's tier table, vm-1 … vm-6 with tier, shortid, name, cpu, memory, storage and credit basis, in camelCase", async () => {
    const response = await call(app, p.writer, "GET", "/api/v1/vm_tiers");
    expect(response.statusCode).toBe(200);
    const { vmTiers } = response.json() as { vmTiers: typeof VM_TIERS };
    expect(vmTiers).toEqual(VM_TIERS);
    expect(vmTiers.map((t) => t.shortid)).toEqual(["vm-1", "vm-2", "vm-3", "vm-4", "vm-5", "vm-6"]);
    expect(Object.keys(vmTiers[0]!).sort()).toEqual(
      ["cpu", "creditBasis", "memory", "name", "shortid", "storage", "tier"].sort(),
    );
    expect(vmTierLabel(vmTiers[1]!)).toBe("Micro (4 vCPUs, 8 GiB RAM, 30 GB Disk for 20 credits/hour)");
  });

  it("S2-7.014 / authorization: the table is public, the same for signed-out visitors, outsiders, every role and frozen workspaces, at both paths", async () => {
    await setFrozen(app, p.workspaceId, true);
    try {
      for (const user of [null, p.outsider, p.reader, p.writer, p.admin]) {
        for (const path of ["/api/v1/vm_tiers", "/api/vm_tiers"]) {
          const response = await call(app, user, "GET", path);
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual({ vmTiers: VM_TIERS });
          expect(response.headers["cache-control"]).toBe("public, max-age=3600");
        }
      }
    } finally {
      await setFrozen(app, p.workspaceId, false);
    }
  });
});
