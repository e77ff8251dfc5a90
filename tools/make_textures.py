"""Generate the seamless terrain textures in assets/textures/ (run once; the PNGs ship).

Every texture is built from periodic noise (filtered in the Fourier domain, so the
tile edges meet exactly) and a small earthy palette shared by all of them.

    python tools/make_textures.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

N = 128
OUT = Path(__file__).resolve().parents[1] / "assets" / "textures"


def noise(rng: np.random.Generator, scale: float, power: float = 2.0) -> np.ndarray:
    """Periodic noise in [0, 1]; ``scale`` is the feature size in pixels."""
    white = rng.normal(size=(N, N))
    f = np.fft.fftfreq(N)
    fx, fy = np.meshgrid(f, f)
    r = np.sqrt(fx**2 + fy**2)
    r[0, 0] = 1.0
    spectrum = np.fft.fft2(white) / (1.0 + (r * scale) ** power)
    spectrum[0, 0] = 0
    out = np.real(np.fft.ifft2(spectrum))
    out -= out.min()
    return out / max(out.max(), 1e-9)


def blobs(rng: np.random.Generator, count: int, rmin: float, rmax: float) -> np.ndarray:
    """Soft round blobs placed on a torus (so they wrap across the edges)."""
    yy, xx = np.mgrid[0:N, 0:N]
    out = np.zeros((N, N))
    for _ in range(count):
        cx, cy = rng.uniform(0, N, 2)
        r = rng.uniform(rmin, rmax)
        dx = np.minimum(np.abs(xx - cx), N - np.abs(xx - cx))
        dy = np.minimum(np.abs(yy - cy), N - np.abs(yy - cy))
        d = np.sqrt(dx**2 + dy**2) / r
        out = np.maximum(out, np.clip(1 - d, 0, 1))
    return out


def mix(a: tuple, b: tuple, t: np.ndarray) -> np.ndarray:
    a, b = np.array(a, float), np.array(b, float)
    return a + (b - a) * t[..., None]


def write_png(path: Path, rgb: np.ndarray) -> None:
    img = np.clip(rgb, 0, 255).astype(np.uint8)
    raw = b"".join(b"\x00" + row.tobytes() for row in img)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    path.write_bytes(png)


def grass(rng):
    base = mix((104, 118, 74), (128, 136, 86), noise(rng, 20))
    fine = noise(rng, 2, 1.0)
    return base + (fine[..., None] - 0.5) * 18


def mud(rng):
    base = mix((96, 80, 60), (132, 114, 88), noise(rng, 14))
    puddles = np.clip(noise(rng, 30) * 2.2 - 1.4, 0, 1)
    base = base * (1 - puddles[..., None] * 0.35) + puddles[..., None] * np.array([70, 72, 70]) * 0.35
    return base + (noise(rng, 2, 1.0)[..., None] - 0.5) * 22


def trench(rng):
    base = mix((74, 58, 40), (100, 80, 56), noise(rng, 10))
    planks = ((np.arange(N) // 8) % 2 == 0)[None, :].repeat(N, 0)
    boards = np.where(planks[..., None], np.array([118, 92, 58]), np.array([104, 80, 50]))
    t = np.clip(noise(rng, 40) * 1.6 - 0.3, 0, 1)[..., None]
    return base * (1 - t * 0.5) + boards * t * 0.5 + (noise(rng, 2, 1)[..., None] - 0.5) * 14


def water(rng):
    n = noise(rng, 24)
    ripple = np.sin((np.arange(N)[:, None] / N) * 2 * np.pi * 6 + n * 6) * 0.5 + 0.5
    return mix((70, 98, 128), (98, 126, 152), n * 0.7 + ripple * 0.3)


def wood(rng):
    crowns = blobs(rng, 38, 9, 18)
    shade = mix((40, 58, 30), (82, 110, 58), crowns)
    return shade + (noise(rng, 3, 1)[..., None] - 0.5) * 20


def rough(rng):
    base = mix((112, 100, 72), (140, 128, 92), noise(rng, 12))
    stones = blobs(rng, 30, 1.5, 3.5)
    tufts = blobs(rng, 20, 2, 4)
    base = base * (1 - stones[..., None]) + np.array([150, 146, 138]) * stones[..., None]
    return base * (1 - tufts[..., None] * 0.6) + np.array([92, 110, 62]) * tufts[..., None] * 0.6


def road(rng):
    base = mix((170, 154, 120), (196, 182, 146), noise(rng, 16))
    grit = noise(rng, 1.5, 1)
    return base + (grit[..., None] - 0.5) * 30


def roof(rng):
    yy, xx = np.mgrid[0:N, 0:N]
    row = yy // 10
    tile = ((xx + (row % 2) * 8) % 16 < 15) & (yy % 10 < 9)
    base = np.where(tile[..., None], np.array([168, 98, 70]), np.array([110, 64, 46]))
    return base * (0.85 + 0.3 * noise(rng, 20)[..., None])


def concrete(rng):
    base = mix((128, 128, 120), (158, 156, 148), noise(rng, 10))
    stains = np.clip(noise(rng, 30) * 2 - 1.2, 0, 1)
    return base - stains[..., None] * 40 + (noise(rng, 1.5, 1)[..., None] - 0.5) * 12


def hill(rng):
    base = mix((132, 140, 88), (156, 158, 100), noise(rng, 22))
    return base + (noise(rng, 2, 1)[..., None] - 0.5) * 16


def crater(rng):
    base = mix((84, 66, 46), (116, 96, 70), noise(rng, 8))
    return base + (noise(rng, 1.5, 1)[..., None] - 0.5) * 26


def hedge(rng):
    leaves = blobs(rng, 90, 3, 7)
    return mix((38, 62, 28), (78, 112, 52), leaves * 0.8 + noise(rng, 3) * 0.2)


def stone(rng):
    yy, xx = np.mgrid[0:N, 0:N]
    row = yy // 12
    joint = ((xx + (row % 2) * 11 + (row * 7) % 5) % 22 < 2) | (yy % 12 < 2)
    base = mix((132, 128, 118), (168, 162, 150), noise(rng, 6))
    return np.where(joint[..., None], base * 0.62, base)


def sand(rng):
    yy, xx = np.mgrid[0:N, 0:N]
    row = yy // 8
    bag = ((xx + (row % 2) * 8) % 16 < 15) & (yy % 8 < 7)
    base = mix((170, 152, 112), (196, 178, 136), noise(rng, 12))
    return np.where(bag[..., None], base, base * 0.7)


def paper(rng):
    base = mix((226, 216, 192), (238, 230, 210), noise(rng, 30))
    fibres = noise(rng, 1.2, 1)
    return base + (fibres[..., None] - 0.5) * 8


TEXTURES = {
    "table": grass, "mud": mud, "trench": trench, "water": water, "wood": wood, "rough": rough,
    "road": road, "roof": roof, "concrete": concrete, "hill": hill, "crater": crater, "hedge": hedge,
    "stone": stone, "sand": sand, "paper": paper,
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for i, (name, fn) in enumerate(TEXTURES.items()):
        rgb = fn(np.random.default_rng(1000 + i))
        write_png(OUT / f"{name}.png", rgb)
        print(f"wrote {OUT / name}.png")


if __name__ == "__main__":
    main()
