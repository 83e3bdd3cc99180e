// npm-pick-manifest ships no types: the part of its API Boxyard calls.
declare module "npm-pick-manifest" {
  type Packument = { versions: Record<string, { version: string }>; "dist-tags"?: Record<string, string> };
  function pickManifest<P extends Packument>(
    packument: P,
    wanted: string,
    options?: { defaultTag?: string; before?: string | Date },
  ): P["versions"][string];
  export default pickManifest;
}
