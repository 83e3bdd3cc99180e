import { skipToken, useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SandboxDetail } from "../../api/queries/sandbox.ts";
import type { SandboxFileModule } from "../../api/rest-types.ts";
import { createTestQueryClient, renderApp } from "../../test/render.tsx";
import { useFileSession } from "../editor/session/useFileSession.ts";
import { fakeFileApi, fileModule } from "../editor/testing.ts";
import { SandboxDependencies } from "./SandboxDependencies.tsx";
import { fakePackageApi, packageInfo } from "./testing.ts";

const SANDBOX_ID = "deps123";
const MANIFEST = `{
  "name": "react-app",
  "dependencies": {
    "react": "^18.2.0",
    "react-dom": "^18.2.0"
  },
  "devDependencies": {
    "vite": "~5.1.0"
  }
}
`;

function detail(modules: SandboxFileModule[]): SandboxDetail {
  return { id: SANDBOX_ID, modules, directories: [] } as unknown as SandboxDetail;
}

/** The panel as the editor holds it: the page's query of the sandbox, its file session, an open file. */
function Editor({ canEdit, opened }: { canEdit: boolean; opened: string[] }) {
  const { data: sandbox } = useQuery<SandboxDetail>({
    queryKey: ["sandbox-page", SANDBOX_ID],
    queryFn: skipToken,
  });
  const { session, snapshot } = useFileSession(sandbox!, canEdit);
  return (
    <SandboxDependencies
      modules={sandbox!.modules}
      session={session}
      snapshot={snapshot}
      canEdit={canEdit}
      onOpen={(shortid) => opened.push(shortid)}
    />
  );
}

function start(code = MANIFEST, { canEdit = true } = {}) {
  const modules = [fileModule("pkg", "package.json", code), fileModule("app", "App.jsx", "x")];
  const files = fakeFileApi(SANDBOX_ID, modules);
  const packages = fakePackageApi(
    [
      packageInfo("lodash", ["4.17.20", "4.17.21"]),
      packageInfo("lodash-es", ["4.17.21"]),
      packageInfo("@scope/ui", ["1.0.0", "2.0.0-beta.1"], "1.0.0"),
      packageInfo("react", ["18.2.0", "18.3.1"]),
    ],
    {
      descriptions: { lodash: "Lodash modular utilities." },
      // Listed by the search, unpublished since.
      searchOnly: [{ name: "ghost-package", version: "1.0.0", description: "" }],
    },
  );
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(["sandbox-page", SANDBOX_ID], detail(modules));
  const opened: string[] = [];
  renderApp(<Editor canEdit={canEdit} opened={opened} />, { queryClient });
  const saved = () => files.files.get("pkg")!.code;
  return { files, packages, queryClient, opened, saved };
}

const group = (name: string) => within(screen.getByRole("list", { name: new RegExp(`^${name}`) }));

describe("the dependencies panel (issue 16)", () => {
  it("issue 16 / lists the dependencies and dev dependencies of package.json with their ranges", async () => {
    start();
    const deps = group("Dependencies");
    expect(deps.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "react^18.2.0",
      "react-dom^18.2.0",
    ]);
    expect(group("Dev dependencies").getByRole("listitem").textContent).toBe("vite~5.1.0");
  });

  it("issue 16 / Add dependency searches the registry once typing pauses and writes ^latest into package.json with its version", async () => {
    const user = userEvent.setup();
    const { files, packages, saved } = start();
    await user.click(screen.getByRole("button", { name: "Add dependency" }));
    const box = screen.getByRole("combobox", { name: "Search packages" });
    expect(document.activeElement).toBe(box);
    await user.type(box, "lodash");
    const option = await screen.findByRole("option", { name: /^lodash 4\.17\.21/ });
    // Debounced: one search for what was typed, not one per key.
    expect(packages.searches).toEqual([{ q: "lodash", size: "10" }]);
    expect(option.textContent).toContain("Lodash modular utilities.");
    await user.click(option);

    await waitFor(() => expect(JSON.parse(saved()).dependencies.lodash).toBe("^4.17.21"));
    expect(packages.infos).toEqual(["lodash"]);
    expect(files.changes()).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "modules/pkg",
        body: { module: { code: expect.stringContaining('"lodash": "^4.17.21"') }, base_version: 1 },
      }),
    ]);
    expect(saved()).toBe(
      MANIFEST.replace('"dependencies": {\n', '"dependencies": {\n    "lodash": "^4.17.21",\n'),
    );
    expect(await group("Dependencies").findByText("lodash")).toBeTruthy();
    // The search closes and the focus goes back to its button.
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add dependency" }));
  });

  it("issue 16 / works from the keyboard: arrows choose a result, Enter adds it as a dev dependency, Escape closes", async () => {
    const user = userEvent.setup();
    const { saved, packages } = start();
    screen.getByRole("button", { name: "Add dependency" }).focus();
    await user.keyboard("{Enter}");
    await user.keyboard("@scope");
    await screen.findByRole("option", { name: /^@scope\/ui/ });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Dev dependency" }));
    await user.keyboard(" ");
    await user.click(screen.getByRole("combobox", { name: "Search packages" }));
    await user.type(screen.getByRole("combobox"), "{Backspace>6/}lodash");
    const box = screen.getByRole("combobox");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    await user.keyboard("{ArrowDown}");
    const chosen = screen.getByRole("option", { selected: true });
    expect(chosen.textContent).toMatch(/^lodash-es/);
    expect(box.getAttribute("aria-activedescendant")).toBe(chosen.id);
    await user.keyboard("{Enter}");

    await waitFor(() => expect(JSON.parse(saved()).devDependencies["lodash-es"]).toBe("^4.17.21"));
    expect(JSON.parse(saved()).dependencies["lodash-es"]).toBeUndefined();
    expect(packages.infos).toEqual(["lodash-es"]);

    await user.click(screen.getByRole("button", { name: "Add dependency" }));
    expect(document.activeElement).toBe(screen.getByRole("combobox"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add dependency" }));
  });

  it("issue 16 / a scoped package is asked for by its whole name and added at its latest tag, not its newest version", async () => {
    const user = userEvent.setup();
    const { saved, packages } = start();
    await user.click(screen.getByRole("button", { name: "Add dependency" }));
    await user.type(screen.getByRole("combobox"), "@scope");
    await user.click(await screen.findByRole("option", { name: /^@scope\/ui/ }));
    await waitFor(() => expect(JSON.parse(saved()).dependencies["@scope/ui"]).toBe("^1.0.0"));
    expect(packages.infos).toEqual(["@scope/ui"]);
  });

  it("issue 16 / Remove deletes that one dependency through the file API", async () => {
    const user = userEvent.setup();
    const { saved, files } = start();
    await user.click(screen.getByRole("button", { name: "Remove react-dom" }));
    await waitFor(() => expect(JSON.parse(saved()).dependencies).toEqual({ react: "^18.2.0" }));
    expect(JSON.parse(saved()).devDependencies).toEqual({ vite: "~5.1.0" });
    expect(files.changes()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText("react-dom")).toBeNull());
  });

  it("issue 16, bad input / a package.json that is not JSON shows a clear error and nothing is written", async () => {
    const user = userEvent.setup();
    const broken = '{ "dependencies": { "react": "^18.2.0", }';
    const { files, opened } = start(broken);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toMatch(/package\.json is not valid JSON/);
    expect(screen.queryByRole("button", { name: "Add dependency" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();
    await user.click(within(alert).getByRole("button", { name: "Open package.json" }));
    expect(opened).toEqual(["pkg"]);
    expect(files.changes()).toEqual([]);
  });

  it("issue 16, bad input / a package the registry no longer knows is reported and package.json is left as it was", async () => {
    const user = userEvent.setup();
    const { files, saved } = start();
    await user.click(screen.getByRole("button", { name: "Add dependency" }));
    await user.type(screen.getByRole("combobox"), "ghost");
    await user.click(await screen.findByRole("option", { name: /^ghost-package/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("ghost-package is not in the registry.");
    expect(files.changes()).toEqual([]);
    expect(saved()).toBe(MANIFEST);
  });

  it("issue 16 / someone else's newer package.json turns the write into the editor's conflict, with a way to resolve it", async () => {
    const user = userEvent.setup();
    const { files, opened } = start();
    files.saveAsSomeoneElse("pkg", MANIFEST.replace("~5.1.0", "^6.0.0"));
    await user.click(screen.getByRole("button", { name: "Remove vite" }));
    const alert = await screen.findByText(/Someone else changed package\.json/);
    expect(files.files.get("pkg")!.code).toContain('"vite": "^6.0.0"');
    // The stale save was refused; nothing else was sent, and no more changes are offered.
    expect(files.changes()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Add dependency" })).toBeNull();
    await user.click(within(alert.closest("[role=alert]") as HTMLElement).getByRole("button"));
    expect(opened).toEqual(["pkg"]);
  });

  it("issue 16 / whoever may only read sees the list without the actions", async () => {
    start(MANIFEST, { canEdit: false });
    expect(group("Dependencies").getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Add dependency" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();
  });

  it("issue 16 / a save the server refuses shows why and is not sent again", async () => {
    const user = userEvent.setup();
    const { files, saved } = start();
    files.refuse(403);
    await user.click(screen.getByRole("button", { name: "Remove react" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "package.json was not saved: You may not change the files of this sandbox.",
    );
    expect(saved()).toBe(MANIFEST);
    expect(files.changes()).toHaveLength(1);
  });
});
