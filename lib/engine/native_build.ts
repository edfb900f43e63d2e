/**
 * Builds Stockfish 17.1 natively for this CPU from Debian trixie's source package `stockfish` 17-1 (upstream 17.1 with
 * both NNUE nets in `src/`). By default the build is profile-guided (`make profile-build`: an instrumented build, its
 * bench, a rebuild with the profile) for the widest ARCH this CPU runs ({@link defaultArch}); measured here 5–8% faster
 * than `make build ARCH=native`, with the same bench fingerprint (the CLI refuses a build whose fingerprint differs).
 *
 * Uses a private apt configuration under `.cache/native-build/apt` (never the system's sources). The mirror lacks the
 * package's .dsc, so `apt-get source --download-only` exits non-zero after it has fetched (and hash-checked) the orig
 * tarball: success is judged by the tarball being there.
 *
 * @module
 */

import { execa } from "execa";
import { MbiError, pathExists, repoPath, sha256File } from "../core/mod.ts";

/** Debian source package version that is upstream Stockfish 17.1. */
export const DEBIAN_SOURCE = "stockfish=17-1";

/** Where the built engine is installed (the registry's `sf17.1-native` path). */
export const NATIVE_ENGINE_PATH = ".cache/stockfish-17.1-native/stockfish";

/** The Debian mirror a build downloads trixie's sources from unless told otherwise. */
export const DEBIAN_MIRROR = "http://deb.debian.org/debian";

/**
 * Options of a native build: the Makefile ARCH (default {@link defaultArch} of this CPU's flags), profile-guided (`make
 * profile-build`, the default) or plain (`make build`), the Debian mirror holding trixie's sources, progress messages,
 * and the folder of the apt configuration, download and sources (default `.cache/native-build`).
 */
export interface NativeBuildOptions {
  arch?: string;
  pgo?: boolean;
  mirror?: string;
  log?: (line: string) => void;
  workDir?: string;
}

/** What a build produced: the binary's absolute path, the orig tarball's SHA-256, the ARCH the Makefile chose, the target. */
export interface NativeBuildResult {
  path: string;
  tarballSha256: string;
  arch: string;
  target: "profile-build" | "build";
}

/**
 * The ARCH a build uses unless told (pure): `x86-64-vnni512` where the CPU flags (as in /proc/cpuinfo) hold AVX-512 F,
 * BW and VNNI (measured here the fastest with the reference fingerprint), else `native` (the Makefile's own choice for
 * this CPU).
 */
export function defaultArch(cpuFlags: string): string {
  const flags = new Set(cpuFlags.split(/\s+/));
  return ["avx512f", "avx512bw", "avx512_vnni"].every((f) => flags.has(f)) ? "x86-64-vnni512" : "native";
}

/** The flags line of /proc/cpuinfo ("" where there is none). */
async function cpuFlags(): Promise<string> {
  const info = await Deno.readTextFile("/proc/cpuinfo").catch(() => "");
  return /^flags\s*:(.*)$/m.exec(info)?.[1] ?? "";
}

/**
 * Downloads the source with a private apt configuration and builds it. A step that fails (apt-get, tar, make missing or
 * failing) is an `engine-build` error naming the step.
 */
export async function buildNative(opts: NativeBuildOptions = {}): Promise<NativeBuildResult> {
  const log = opts.log ?? console.log;
  const root = opts.workDir ?? repoPath(".cache", "native-build");
  const apt = `${root}/apt`;
  for (const d of ["lists/partial", "cache/archives/partial", "etc", "dl"]) {
    await Deno.mkdir(`${apt}/${d}`, { recursive: true });
  }
  const mirror = opts.mirror ?? DEBIAN_MIRROR;
  const sources = `deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror} trixie main\n`;
  await Deno.writeTextFile(`${apt}/etc/sources.list`, sources);
  const aptOpts = [
    `Dir::Etc::SourceList=${apt}/etc/sources.list`,
    "Dir::Etc::SourceParts=/dev/null",
    `Dir::State::Lists=${apt}/lists`,
    `Dir::Cache=${apt}/cache`,
  ].flatMap((o) => ["-o", o]);
  const tarball = `${apt}/dl/stockfish_17.orig.tar.gz`;
  if (!pathExists(tarball)) {
    log("apt-get update (private trixie deb-src configuration)");
    await step("apt-get update", () => execa("apt-get", [...aptOpts, "update"], { stdio: "inherit" }));
    log(`apt-get source --download-only ${DEBIAN_SOURCE}`);
    await step("apt-get source", () =>
      execa("apt-get", [...aptOpts, "source", "--download-only", DEBIAN_SOURCE], {
        cwd: `${apt}/dl`,
        reject: false,
        stdio: "inherit",
      }));
    if (!pathExists(tarball)) {
      throw new MbiError("engine-build", `apt-get did not fetch ${tarball}: is the Debian mirror ${mirror} reachable?`);
    }
  }
  const tarballSha256 = await sha256File(tarball);
  log(`source ${tarball} sha256 ${tarballSha256}`);
  const srcRoot = `${root}/src`;
  await Deno.remove(srcRoot, { recursive: true }).catch(() => {});
  await Deno.mkdir(srcRoot, { recursive: true });
  await step("unpacking the source", () => execa("tar", ["xzf", tarball, "-C", srcRoot, "--strip-components=1"]));
  const arch = opts.arch ?? defaultArch(await cpuFlags());
  const target = opts.pgo === false ? "build" : "profile-build";
  const takes = target === "build" ? "about a minute" : "a few minutes: two builds and a bench";
  log(`make -j2 ${target} ARCH=${arch} (${takes})`);
  const args = ["-j2", target, `ARCH=${arch}`];
  const make = await step("make", () => execa("make", args, { cwd: `${srcRoot}/src`, all: true }));
  const chosen = /-DARCH=(\S+)/.exec(make.all ?? "")?.[1] ?? arch;
  const installed = repoPath(NATIVE_ENGINE_PATH);
  await Deno.mkdir(installed.slice(0, installed.lastIndexOf("/")), { recursive: true });
  await Deno.copyFile(`${srcRoot}/src/stockfish`, installed);
  await Deno.chmod(installed, 0o755);
  return { path: installed, tarballSha256, arch: chosen, target };
}

/** Runs one step of the build; its failure (the tool missing, or failing) is an `engine-build` error naming the step. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const err = e as { shortMessage?: string; message?: string };
    const why = (err.shortMessage ?? err.message ?? String(e)).split("\n")[0];
    throw new MbiError("engine-build", `native build: ${what} failed (${why})`);
  }
}
