/**
 * Builds Stockfish 17.1 natively for this CPU from Debian trixie's source
 * package `stockfish` 17-1 (upstream 17.1 with both NNUE nets in `src/`).
 *
 * By default the build is profile-guided (`make profile-build`: the Makefile
 * builds an instrumented engine, runs its bench, and rebuilds with the
 * profile) for the widest ARCH this CPU runs ({@link defaultArch}); measured
 * here 5–8% faster than `make build ARCH=native`, with the same bench
 * fingerprint (the CLI refuses a build whose fingerprint differs).
 *
 * Uses a private apt configuration under `.cache/native-build/apt` (never the
 * system's sources). The mirror lacks the package's .dsc, so `apt-get source
 * --download-only` exits non-zero after it has fetched (and hash-checked) the
 * orig tarball: success is judged by the tarball being there.
 *
 * @module
 */

import { execa } from "execa";
import { MbiError, repoPath, sha256File } from "../core/mod.ts";

/** Debian source package version that is upstream Stockfish 17.1. */
export const DEBIAN_SOURCE = "stockfish=17-1";

/** Where the built engine is installed (the registry's `sf17.1-native` path). */
export const NATIVE_ENGINE_PATH = ".cache/stockfish-17.1-native/stockfish";

/** The Debian mirror a build downloads trixie's sources from unless told otherwise. */
export const DEBIAN_MIRROR = "http://deb.debian.org/debian";

/** Options of a native build. */
export interface NativeBuildOptions {
  /** Stockfish Makefile ARCH (default {@link defaultArch} of this CPU's flags). */
  arch?: string;
  /** Profile-guided (`make profile-build`, the default) or plain (`make build`). */
  pgo?: boolean;
  /** Debian mirror holding trixie's sources. */
  mirror?: string;
  /** Progress messages. */
  log?: (line: string) => void;
  /** Folder of the apt configuration, the download and the sources (default `.cache/native-build`). */
  workDir?: string;
}

/** What a build produced. */
export interface NativeBuildResult {
  /** Absolute path of the engine binary. */
  path: string;
  /** SHA-256 of the orig tarball the build used. */
  tarballSha256: string;
  /** The ARCH the Makefile chose (e.g. x86-64-vnni256). */
  arch: string;
  /** The make target: `profile-build` or `build`. */
  target: "profile-build" | "build";
}

/**
 * The ARCH a build uses unless told (pure): `x86-64-vnni512` where the CPU
 * flags (as in /proc/cpuinfo) hold AVX-512 F, BW and VNNI (measured here the
 * fastest with the reference fingerprint), else `native` (the Makefile's own
 * choice for this CPU).
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
 * Downloads the source with a private apt configuration and builds it; returns
 * the binary's path. A step that fails (apt-get, tar, make missing or failing)
 * is an `engine-build` error naming the step.
 */
export async function buildNative(
  opts: NativeBuildOptions = {},
): Promise<NativeBuildResult> {
  const log = opts.log ?? console.log;
  const root = opts.workDir ?? repoPath(".cache", "native-build");
  const apt = `${root}/apt`;
  for (const d of ["lists/partial", "cache/archives/partial", "etc", "dl"]) {
    await Deno.mkdir(`${apt}/${d}`, { recursive: true });
  }
  const mirror = opts.mirror ?? DEBIAN_MIRROR;
  await Deno.writeTextFile(
    `${apt}/etc/sources.list`,
    `deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror} trixie main\n`,
  );
  const aptOpts = [
    "-o",
    `Dir::Etc::SourceList=${apt}/etc/sources.list`,
    "-o",
    "Dir::Etc::SourceParts=/dev/null",
    "-o",
    `Dir::State::Lists=${apt}/lists`,
    "-o",
    `Dir::Cache=${apt}/cache`,
  ];
  const tarball = `${apt}/dl/stockfish_17.orig.tar.gz`;
  if (!(await exists(tarball))) {
    log("apt-get update (private trixie deb-src configuration)");
    await step("apt-get update", () => execa("apt-get", [...aptOpts, "update"], { stdio: "inherit" }));
    log(`apt-get source --download-only ${DEBIAN_SOURCE}`);
    await step("apt-get source", () =>
      execa("apt-get", [...aptOpts, "source", "--download-only", DEBIAN_SOURCE], {
        cwd: `${apt}/dl`,
        reject: false,
        stdio: "inherit",
      }));
    if (!(await exists(tarball))) {
      throw new MbiError(
        "engine-build",
        `apt-get did not fetch ${tarball}: is the Debian mirror ${mirror} reachable?`,
      );
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
  log(
    `make -j2 ${target} ARCH=${arch} (${
      target === "build" ? "about a minute" : "a few minutes: two builds and a bench"
    })`,
  );
  const make = await step(
    "make",
    () => execa("make", ["-j2", target, `ARCH=${arch}`], { cwd: `${srcRoot}/src`, all: true }),
  );
  const chosen = /-DARCH=(\S+)/.exec(make.all ?? "")?.[1] ?? arch;
  const installed = repoPath(NATIVE_ENGINE_PATH);
  await Deno.mkdir(installed.slice(0, installed.lastIndexOf("/")), {
    recursive: true,
  });
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
    throw new MbiError(
      "engine-build",
      `native build: ${what} failed (${(err.shortMessage ?? err.message ?? String(e)).split("\n")[0]})`,
    );
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
