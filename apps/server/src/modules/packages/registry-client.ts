import npmFetch from "npm-registry-fetch";
import { registryUnreachable, unknownPackage } from "./package-errors.ts";

/** What resolving and preparing need of a version: its dependencies, files and install scripts. */
export type VersionManifest = {
  name: string;
  version: string;
  description?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dist: { tarball: string; integrity?: string; shasum?: string };
  gypfile?: boolean;
  scripts?: Record<string, string>;
  deprecated?: string;
};

/** A package's versions, trimmed to what Boxyard uses (full packuments run to megabytes). */
export type Packument = {
  name: string;
  "dist-tags": Record<string, string>;
  versions: Record<string, VersionManifest>;
};

export type SearchResult = { name: string; version: string; description: string };

const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall"] as const;

/** The upstream registry, spoken to with npm's own client (retries, integrity checks). */
export class RegistryClient {
  constructor(private readonly registry: () => Promise<string>) {}

  private async options(extra: npmFetch.Options = {}): Promise<npmFetch.Options> {
    return {
      registry: await this.registry(),
      timeout: 30_000,
      retry: { retries: 1, minTimeout: 200, maxTimeout: 1_000 },
      ...extra,
    };
  }

  async packument(name: string): Promise<Packument> {
    let raw: Record<string, unknown>;
    try {
      raw = (await npmFetch.json(`/${name.replace("/", "%2f")}`, await this.options())) as Record<
        string,
        unknown
      >;
    } catch (error) {
      if (isNotFound(error)) throw unknownPackage(name);
      throw registryUnreachable(name);
    }
    return trimPackument(name, raw);
  }

  /** A tarball's bytes, checked against the integrity the packument gives. */
  async tarball(name: string, manifest: VersionManifest): Promise<Buffer> {
    try {
      const response = await npmFetch(
        manifest.dist.tarball,
        await this.options(manifest.dist.integrity ? { integrity: manifest.dist.integrity } : {}),
      );
      return await response.buffer();
    } catch (error) {
      if (isNotFound(error)) throw unknownPackage(name);
      throw registryUnreachable(name);
    }
  }

  async search(text: string, size: number): Promise<SearchResult[]> {
    const answer = (await npmFetch.json("/-/v1/search", await this.options({ query: { text, size } }))) as {
      objects?: { package?: { name?: string; version?: string; description?: string } }[];
    };
    return (answer.objects ?? []).flatMap(({ package: found }) =>
      found?.name && found.version
        ? [{ name: found.name, version: found.version, description: found.description ?? "" }]
        : [],
    );
  }
}

function isNotFound(error: unknown) {
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  return statusCode === 404 || code === "E404";
}

function trimPackument(name: string, raw: Record<string, unknown>): Packument {
  const versions: Record<string, VersionManifest> = {};
  for (const [version, value] of Object.entries((raw.versions ?? {}) as Record<string, VersionManifest>)) {
    const scripts = Object.fromEntries(
      INSTALL_SCRIPTS.flatMap((key) => (value.scripts?.[key] ? [[key, value.scripts[key]]] : [])),
    );
    versions[version] = {
      name: value.name ?? name,
      version,
      ...(value.description ? { description: value.description } : {}),
      ...(value.dependencies ? { dependencies: value.dependencies } : {}),
      ...(value.peerDependencies ? { peerDependencies: value.peerDependencies } : {}),
      ...(value.peerDependenciesMeta ? { peerDependenciesMeta: value.peerDependenciesMeta } : {}),
      dist: {
        tarball: value.dist.tarball,
        ...(value.dist.integrity ? { integrity: value.dist.integrity } : {}),
        ...(value.dist.shasum ? { shasum: value.dist.shasum } : {}),
      },
      ...(value.gypfile ? { gypfile: true } : {}),
      ...(Object.keys(scripts).length ? { scripts } : {}),
      ...(value.deprecated ? { deprecated: value.deprecated } : {}),
    };
  }
  return { name, "dist-tags": (raw["dist-tags"] ?? {}) as Record<string, string>, versions };
}
