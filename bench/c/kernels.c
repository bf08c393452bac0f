/*
 * Two of the sound engine's hot loops written in C, for bench/kernels-c.ts: the same arithmetic in
 * the same order as the TypeScript (src/sound/audio/dsp/clipper-4x.ts; oscillators.ts waveInto and
 * filters.ts Svf.lowpassAdd), on the same input, compiled by gcc -O2 without fused multiply-adds.
 * It says how far the compiled JavaScript is from C on equal work.
 *   kernels clipper SECONDS   the Distortion's 4x soft clipper over stereo noise
 *   kernels voice SECONDS     one held saw (130.81 Hz) through the low-pass, Polysynth's held-voice path
 * Prints "<cpu seconds> <sum of the output>".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BLOCK = 128, RATE = 48000 };

/* The noise both sides feed the clipper: 64 blocks of an LCG, −0.8…0.8. */
static float noise[64][BLOCK];
static void make_noise(void) {
  unsigned seed = 1;
  for (int k = 0; k < 64; k++)
    for (int i = 0; i < BLOCK; i++) {
      seed = seed * 1103515245u + 12345u;
      noise[k][i] = (float)((seed / 4294967296.0) * 1.6 - 0.8);
    }
}

/* clipper-4x.ts halfBandCoefficients. */
static void half_band(int count, double transition, double *out) {
  double k = pow(tan(((1 - 2 * transition) * M_PI) / 4), 2);
  double root = pow(1 - k * k, 0.25);
  double e = (0.5 * (1 - root)) / (1 + root);
  double e4 = pow(e, 4);
  double q = e * (1 + e4 * (2 + e4 * (15 + 150 * e4)));
  int order = 2 * count + 1;
  for (int c = 1; c <= count; c++) {
    double num = 0, den = 0.5;
    for (int i = 0; i < 12; i++) num += (i % 2 == 0 ? 1 : -1) * pow(q, i * (i + 1)) * sin(((2 * i + 1) * c * M_PI) / order);
    for (int i = 1; i < 12; i++) den += (i % 2 == 0 ? 1 : -1) * pow(q, i * i) * cos((2 * i * c * M_PI) / order);
    double w2 = pow((num * pow(q, 0.25)) / den, 2);
    double x = sqrt((1 - w2 * k) * (1 - w2 / k)) / (1 + w2);
    out[c - 1] = (1 - x) / (1 + x);
  }
}

static double O0, O1, O2, O3, I0, I1;

static inline double soft_clip(double x) {
  if (x <= -3) return -1;
  if (x >= 3) return 1;
  double x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/* Clipper4x.run: a section is (a + z⁻²)/(1 + a·z⁻²) at its stage's lower rate; s holds each section's last in and out. */
static void clip_run(double *s, float *x, int n, const double *gains) {
  double ua0x = s[0], ua0y = s[1], ua2x = s[2], ua2y = s[3], ua1x = s[4], ua1y = s[5], ua3x = s[6], ua3y = s[7];
  double ub0x = s[8], ub0y = s[9], ub1x = s[10], ub1y = s[11], db0x = s[12], db0y = s[13], db1x = s[14], db1y = s[15];
  double da0x = s[16], da0y = s[17], da2x = s[18], da2y = s[19], da1x = s[20], da1y = s[21], da3x = s[22], da3y = s[23];
  for (int i = 0; i < n; i++) {
    double g = gains[i], v = x[i];
    double t = O0 * (v - ua0y) + ua0x; ua0x = v; ua0y = t;
    double e = O2 * (t - ua2y) + ua2x; ua2x = t; ua2y = e;
    t = O1 * (v - ua1y) + ua1x; ua1x = v; ua1y = t;
    double o = O3 * (t - ua3y) + ua3x; ua3x = t; ua3y = o;
    double h0 = I0 * (e - ub0y) + ub0x; ub0x = e; ub0y = h0;
    double h1 = I1 * (e - ub1y) + ub1x; ub1x = e; ub1y = h1;
    double c1 = soft_clip(h1 * g), c0 = soft_clip(h0 * g);
    h0 = I0 * (c1 - db0y) + db0x; db0x = c1; db0y = h0;
    h1 = I1 * (c0 - db1y) + db1x; db1x = c0; db1y = h1;
    double de = 0.5 * (h0 + h1);
    h0 = I0 * (o - ub0y) + ub0x; ub0x = o; ub0y = h0;
    h1 = I1 * (o - ub1y) + ub1x; ub1x = o; ub1y = h1;
    c1 = soft_clip(h1 * g); c0 = soft_clip(h0 * g);
    h0 = I0 * (c1 - db0y) + db0x; db0x = c1; db0y = h0;
    h1 = I1 * (c0 - db1y) + db1x; db1x = c0; db1y = h1;
    double dodd = 0.5 * (h0 + h1);
    t = O0 * (dodd - da0y) + da0x; da0x = dodd; da0y = t;
    double p0 = O2 * (t - da2y) + da2x; da2x = t; da2y = p0;
    t = O1 * (de - da1y) + da1x; da1x = de; da1y = t;
    double p1 = O3 * (t - da3y) + da3x; da3x = t; da3y = p1;
    x[i] = (float)(0.5 * (p0 + p1));
  }
  double out[24] = {ua0x, ua0y, ua2x, ua2y, ua1x, ua1y, ua3x, ua3y, ub0x, ub0y, ub1x, ub1y,
                    db0x, db0y, db1x, db1y, da0x, da0y, da2x, da2y, da1x, da1y, da3x, da3y};
  memcpy(s, out, sizeof out);
}

static double clipper(long blocks) {
  double oc[4], ic[2];
  half_band(4, 0.1, oc);
  half_band(2, 0.3, ic);
  O0 = oc[0], O1 = oc[1], O2 = oc[2], O3 = oc[3], I0 = ic[0], I1 = ic[1];
  double sl[24] = {0}, sr[24] = {0}, gains[BLOCK];
  float l[BLOCK], r[BLOCK];
  for (int i = 0; i < BLOCK; i++) gains[i] = 1;
  double sum = 0;
  for (long b = 0; b < blocks; b++) {
    memcpy(l, noise[b & 63], sizeof l);
    memcpy(r, noise[(b + 7) & 63], sizeof r);
    clip_run(sl, l, BLOCK, gains);
    clip_run(sr, r, BLOCK, gains);
    for (int i = 0; i < BLOCK; i++) sum += l[i] + r[i];
  }
  return sum;
}

/* oscillators.ts: the saw's table for a phase increment dt (its level's harmonics, its length). */
static float *saw_table(double dt, int *length) {
  int levels[64], count = 0;
  for (int h = 1; h <= 7; h++) levels[count++] = h;
  for (int j = 0; 8 * pow(2, j / 4.0) <= 1024; j++) levels[count++] = (int)round(8 * pow(2, j / 4.0));
  double fit = 0.5 / dt;
  int harmonics = levels[0];
  for (int i = 0; i < count; i++)
    if (levels[i] <= fit) harmonics = levels[i];
  int n = 256;
  while (n < 4 * harmonics || (double)n * n < 31600.0 * harmonics) n *= 2;
  float *t = malloc(sizeof(float) * (n + 1));
  for (int i = 0; i < n; i++) {
    double sum = 0;
    for (int k = 1; k <= harmonics; k++) sum += (-2 / (M_PI * k)) * sin((2 * M_PI * (double)((k * (long)i) & (n - 1))) / n);
    t[i] = (float)sum;
  }
  t[n] = t[0];
  *length = n + 1;
  return t;
}

/* One held voice: waveInto (linear reads of the table) into a block of doubles, then Svf.lowpassAdd into a float block. */
static double voice(long blocks, double cutoff, double damping) {
  double dt = 440 * pow(2, (48 - 69) / 12.0) / RATE;
  int length;
  float *t = saw_table(dt, &length);
  double g = tan((M_PI * cutoff) / RATE), k = damping, k_now = k;
  double a1 = 1 / (1 + g * (g + k)), a2 = g * a1, a3 = g * a2;
  double ic1 = 0, ic2 = 0, bp = 0, phase = 0, level = 1, gain = 0.3;
  double osc[BLOCK];
  float out[BLOCK];
  double sum = 0;
  int last = length - 1;
  for (long b = 0; b < blocks; b++) {
    for (int i = 0; i < BLOCK; i++) {
      double x = phase * last;
      int j = (int)x;
      double a = t[j];
      osc[i] = a + (x - j) * (t[j + 1] - a);
      phase += dt;
      if (phase >= 1) phase -= 1;
    }
    memset(out, 0, sizeof out);
    for (int i = 0; i < BLOCK; i++) {
      double over = fabs(bp) - 1;
      if (over > 0 || k_now != k) {
        k_now = over > 0 ? k + 2 * over : k;
        a1 = 1 / (1 + g * (g + k_now));
        a2 = g * a1;
        a3 = g * a2;
      }
      double v3 = osc[i] - ic2;
      double v1 = a1 * ic1 + a2 * v3;
      double v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      bp = v1;
      out[i] = (float)(out[i] + v2 * level * gain);
    }
    for (int i = 0; i < BLOCK; i++) sum += out[i];
  }
  free(t);
  return sum;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: kernels clipper|voice SECONDS [CUTOFF DAMPING]\n");
    return 2;
  }
  long blocks = (long)(atof(argv[2]) * RATE / BLOCK);
  make_noise();
  clock_t c0 = clock();
  double sum = strcmp(argv[1], "clipper") == 0 ? clipper(blocks) : voice(blocks, atof(argv[3]), atof(argv[4]));
  printf("%.6f %.17g\n", (double)(clock() - c0) / CLOCKS_PER_SEC, sum);
  return 0;
}
