import heronarts.lx.LX;
import heronarts.lx.LXComponent;
import heronarts.lx.blend.LXBlend;
import heronarts.lx.blend.MultiplyBlend;
import heronarts.lx.effect.LXEffect;
import heronarts.lx.mixer.LXChannel;
import heronarts.lx.mixer.LXPatternEngine;
import heronarts.lx.modulation.LXCompoundModulation;
import heronarts.lx.modulation.LXTriggerModulation;
import heronarts.lx.modulator.Interval;
import heronarts.lx.modulator.LXModulator;
import heronarts.lx.modulator.LXTriggerSource;
import heronarts.lx.parameter.BooleanParameter;
import heronarts.lx.parameter.CompoundParameter;
import heronarts.lx.parameter.LXNormalizedParameter;
import heronarts.lx.parameter.LXParameter;
import heronarts.lx.pattern.LXPattern;
import heronarts.lx.pattern.color.GradientPattern;
import heronarts.lx.pattern.color.SolidPattern;
import heronarts.lx.pattern.texture.NoisePattern;
import heronarts.lx.structure.GridFixture;
import heronarts.lx.structure.view.LXViewDefinition;

import java.io.File;
import java.io.FileWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds one scene per stock LX 1.2.1 device for Footlight's device table (test/golden/lx-scenes/devices)
 * with LX's own API and saves each with LX.saveProject.
 *
 *   java -cp CP DeviceScenes OUTDIR [SCENE...]
 *
 * Every scene has the same rig: three 10x6 grids tagged a, b and c, one view per grid, and three channels,
 * channel i showing view i. Channel 1 holds the device at its defaults, channels 2 and 3 at two non-default
 * settings (each scene's NOTES line lists them).
 * - a pattern is the channel's pattern;
 * - an effect runs on a channel showing a hue gradient (Gradient, FIXED colour, x across 360 degrees)
 *   multiplied by a Noise moving at motion speed 0.5 (composite mode BLEND);
 * - a modulator is global, started, and modulates its channel's Solid pattern: its first output the channel
 *   fader (base 0, +1), the second the Solid's hue (base 0, +1), the third its saturation (base 100, -1);
 *   a momentary output ("!": a trigger is on for less than a frame) toggles a Hue/Saturation effect on the
 *   channel through a trigger mapping (hue +60, hue +120, brightness -50), the fader at 1 if nothing else moves it.
 *   Devices that need an input trigger get it from an Interval ("Clock", its own settings per channel) through
 *   a trigger mapping.
 * Writes NAME.lxp and NAME.notes.txt per scene.
 */
public class DeviceScenes {

  interface Build {
    void build(LX lx, int i, Map<String, String> setting, LXChannel ch) throws Exception;
  }

  record Scene(String name, String what, Build build, List<Map<String, String>> settings) {}

  static final List<Scene> SCENES = new ArrayList<>();

  @SafeVarargs
  static List<Map<String, String>> settings(String... two) {
    List<Map<String, String>> out = new ArrayList<>();
    out.add(new LinkedHashMap<>());
    for (String s : two) {
      Map<String, String> m = new LinkedHashMap<>();
      for (String kv : s.split(" ")) {
        if (kv.isEmpty()) continue;
        int eq = kv.indexOf('=');
        m.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
      out.add(m);
    }
    return out;
  }

  static void apply(LXComponent c, Map<String, String> setting, String prefix) {
    for (Map.Entry<String, String> e : setting.entrySet()) {
      String key = e.getKey();
      if (prefix.isEmpty() ? key.contains(":") : !key.startsWith(prefix)) continue;
      String path = prefix.isEmpty() ? key : key.substring(prefix.length());
      LXParameter p = c.getParameter(path);
      if (p == null) throw new IllegalArgumentException(c.getClass().getSimpleName() + " has no parameter " + path);
      if (p instanceof heronarts.lx.parameter.StringParameter sp) sp.setValue(e.getValue());
      else p.setValue(Double.parseDouble(e.getValue()));
    }
  }

  // ---- patterns ----

  static void pattern(String name, Class<? extends LXPattern> cls, String s1, String s2) {
    SCENES.add(new Scene(name, cls.getName(), (lx, i, setting, ch) -> {}, settings(s1, s2)));
  }

  // ---- effects ----

  static void effect(String name, Class<? extends LXEffect> cls, String s1, String s2) {
    SCENES.add(new Scene(name, cls.getName(), (lx, i, setting, ch) -> {}, settings(s1, s2)));
  }

  // ---- modulators ----

  /** outputs: names of the device's parameters to map (".": the modulator itself; "trigger": its trigger source). */
  static void modulator(String name, Class<? extends LXModulator> cls, String[] outputs, String input, String s1, String s2) {
    SCENES.add(new Scene(name, cls.getName(), (lx, i, setting, ch) -> {}, settings(s1, s2)));
    OUTPUTS.put(name, outputs);
    if (input != null) INPUTS.put(name, input);
  }

  static final Map<String, String[]> OUTPUTS = new LinkedHashMap<>();
  static final Map<String, String> INPUTS = new LinkedHashMap<>();

  static {
    final String P = "heronarts.lx.pattern.";
    pattern("gradient", GradientPattern.class,
      "colorMode=0 gradient=1 xAmount=1 yAmount=0.5 gradientRange=270 fixedColor/hue=30",
      "colorMode=0 gradient=0.6 blendMode=0 xAmount=-0.7 zAmount=0.4 yOffset=0.3 gradientRange=120 saturationRange=-60 brightnessRange=-40 gradientPhase=0.3");
    pattern("solid", SolidPattern.class, "color/hue=200 color/saturation=60 color/brightness=80", "color/hue=45 color/brightness=35");
    pattern("planes", heronarts.lx.pattern.form.PlanesPattern.class, "yaw=45", "pitch=30 roll=60");
    pattern("chase", heronarts.lx.pattern.strip.ChasePattern.class,
      "speed=80 size=20 fade=10 waveshape=1 reverse=1",
      "chunkSize=25 interlace=1 wrap=1 shift=30 skew=0.5 exp=0.3 invert=0.2");
    pattern("noise", NoisePattern.class,
      "algorithm=1 scale=0.8 octaves=4 motionSpeed=0.3",
      "algorithm=2 seed=7 contrast=60 invert=0.5 xMotion=0.5 midpoint=40");
    pattern("test", heronarts.lx.pattern.test.TestPattern.class, "mode=1 fixedIndex=17", "mode=2 tag=b rate=30");
    pattern("sound_object_pattern", heronarts.lx.pattern.audio.SoundObjectPattern.class,
      "baseSize=0.3 fadePercent=0.2 baseBrightness=0.7", "positionMode=1 shapeMode1=1 shapeLerp=0.4 baseSize=0.5");

    effect("blur", heronarts.lx.effect.BlurEffect.class, "level=0.6", "level=1 decay=0.3 mode=2");
    effect("colorize", heronarts.lx.effect.color.ColorizeEffect.class,
      "source=1 colorMode=1 amount=0.7",
      "colorMode=0 color1/hue=240 color1/brightness=20 color1/saturation=100 color2/hue=60 color2/saturation=100 blendMode=1");
    effect("color_mask", heronarts.lx.effect.color.ColorMaskEffect.class,
      "color/hue=120 color/saturation=100 depth=0.7", "mode=1 color/hue=300 color/saturation=50 color/brightness=60");
    effect("gradient_mask", heronarts.lx.effect.color.GradientMaskEffect.class,
      "xAmount=1 depth=0.8", "yAmount=-1 mode=1 colorMode=0 gradientRange=180");
    effect("transparify", heronarts.lx.effect.color.TransparifyEffect.class,
      "threshold=0.3 feather=0.5 amount=0.8", "source=1 threshold=0.6 feather=0.1");
    effect("dynamics", heronarts.lx.effect.DynamicsEffect.class,
      "ceiling=0.7 contrast=0.5 gain=1.5 floor=0.1", "gate=0.3 shape=-0.5 red=0.5 blue=0.2");
    effect("hue_saturation", heronarts.lx.effect.HueSaturationEffect.class,
      "hue=90 saturation=-50 brightness=20", "hue=-150 saturation=40 brightness=-30");
    effect("linear_mask", heronarts.lx.effect.LinearMaskEffect.class,
      "offset=0.3 size=0.3 fade=0.1 axis=0", "invert=1 mode=1 rotate=1 yaw=30 fadePosition=1 fadeSize=1");
    effect("sound_object_effect", heronarts.lx.effect.audio.SoundObjectEffect.class,
      "baseSize=0.3 fadePercent=0.2", "positionMode=1 maskMode=1 baseSize=0.6");

    final String[] SELF = { "." };
    modulator("lfo", heronarts.lx.modulator.VariableLFO.class, SELF, null,
      "wave=1 periodFast=700 skew=0.3 shape=0.4", "wave=3 clockMode=1 periodSlow=1500 bias=0.4 exp=0.5 phase=0.25");
    modulator("envelope", heronarts.lx.modulator.MultiStageEnvelope.class, SELF, "trigger",
      "loop=1 periodFast=600", "clockMode=1 periodSlow=800 clock:periodMs=500");
    modulator("noise_modulator", heronarts.lx.modulator.NoiseModulator.class, SELF, null,
      "speed=0.6 algorithm=1 contrast=2", "seed=3 octaves=5 minLevel=0.2 maxLevel=0.8 level=0.7 algorithm=3");
    modulator("damper", heronarts.lx.modulator.Damper.class, new String[] { ".", "trigger" }, "toggle",
      "periodMs=300 sinShaping=1", "periodMs=120 clock:periodMs=300");
    modulator("interval", heronarts.lx.modulator.Interval.class, new String[] { "!trigger" }, null,
      "periodMs=250", "tempoSync=1 tempoMultiplier=2");
    modulator("macro_knobs", heronarts.lx.modulator.MacroKnobs.class, new String[] { "macro1", "macro2", "macro3" }, null,
      "macro1=0.3 macro2=0.7 macro3=1", "macro1=1 macro2=0.1 macro3=0.5");
    modulator("macro_switches", heronarts.lx.modulator.MacroSwitches.class, new String[] { "macro1", "macro2", "macro3" }, null,
      "macro1=1 macro3=1", "macro2=1 macro3=1");
    modulator("macro_triggers", heronarts.lx.modulator.MacroTriggers.class, new String[] { "!macro1", "!macro2" }, "macro1",
      "clock:periodMs=300", "clock:periodMs=90");
    modulator("ahdsr", heronarts.lx.modulator.MultiModeEnvelope.class, new String[] { ".", "!trigger" }, "engage",
      "attack=50 decay=300 sustain=0.4 release=200 shape=0.5", "stageMode=1 oneshot=1 delay=100 hold=100 initial=0.2 peak=0.8");
    modulator("multi_trig", heronarts.lx.modulator.MultiTrig.class, new String[] { "!out1", "!out2", "!out3" }, "triggerIn",
      "mode=2 numOutputs=3", "mode=4 numOutputs=2 clock:periodMs=300");
    modulator("quantizer", heronarts.lx.modulator.Quantizer.class, new String[] { "!trigger" }, "triggerIn",
      "quantization=1", "quantization=3 clock:periodMs=300");
    modulator("stepper", heronarts.lx.modulator.Stepper.class, new String[] { ".", "!trigger" }, null,
      "numSteps=4 step-1=0.2 step-2=0.8 step-3=0.5 step-4=1",
      "numSteps=3 tempoMultiplier=2 step-1=1 step-2=0.4");
    modulator("step_sequencer", heronarts.lx.modulator.StepSequencer.class, new String[] { "!trigger" }, null,
      "numSteps=4 step-1=1 step-3=1", "numSteps=5 step-2=1 step-5=1 tempoMultiplier=2");
    modulator("sound_object", heronarts.lx.audio.SoundObject.class, SELF, null,
      "input=0.6 attackMs=50", "input=1 meterFloor=0.2 azimuth=90 elevation=30");
    modulator("band_filter", heronarts.lx.audio.BandFilter.class, SELF, null,
      "gain=12 minFreq=200 maxFreq=2000", "range=12 attack=50 release=300");
    modulator("band_gate", heronarts.lx.audio.BandGate.class, new String[] { ".", "!trigger" }, null,
      "threshold=0.5 floor=0.4", "decay=100 gain=6");
  }

  static Object make(Class<?> cls, LX lx) throws Exception {
    try {
      return cls.getConstructor(LX.class).newInstance(lx);
    } catch (NoSuchMethodException x) {
      return cls.getConstructor().newInstance();
    }
  }

  static LX newLX() {
    LX.Flags flags = new LX.Flags();
    flags.loadPreferences = false;
    flags.autosave = false;
    return new LX(flags);
  }

  static String describe(Map<String, String> s) {
    return s.isEmpty() ? "defaults" : String.join(" ", s.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
  }

  static void build(Scene scene, File dir) throws Exception {
    LX lx = newLX();
    String[] tags = { "a", "b", "c" };
    for (int g = 0; g < 3; ++g) {
      GridFixture grid = new GridFixture(lx);
      grid.numRows.setValue(6);
      grid.numColumns.setValue(10);
      grid.x.setValue(g * 12);
      grid.tags.setValue(tags[g]);
      lx.structure.addFixture(grid);
      LXViewDefinition view = lx.structure.views.addView();
      view.label.setValue("View " + tags[g].toUpperCase());
      view.selector.setValue(tags[g]);
    }
    Class<?> cls = Class.forName(scene.what());
    List<LXModulator> toStart = new ArrayList<>();
    StringBuilder notes = new StringBuilder(cls.getSimpleName() + " (" + cls.getName() + "): ");
    for (int i = 0; i < 3; ++i) {
      Map<String, String> setting = scene.settings().get(i);
      boolean fullFader = false;
      notes.append("channel ").append(i + 1).append(" ").append(describe(setting)).append(i < 2 ? "; " : ".");
      LXChannel ch;
      if (LXPattern.class.isAssignableFrom(cls)) {
        LXPattern p = (LXPattern) cls.getConstructor(LX.class).newInstance(lx);
        apply(p, setting, "");
        ch = lx.engine.mixer.addChannel(new LXPattern[] { p });
      } else if (LXEffect.class.isAssignableFrom(cls)) {
        GradientPattern grad = new GradientPattern(lx);
        apply(grad, settings("colorMode=0 gradient=1 xAmount=1 gradientRange=360").get(1), "");
        NoisePattern noise = new NoisePattern(lx);
        apply(noise, settings("motionSpeed=0.5").get(1), "");
        for (LXBlend b : noise.compositeBlend.getObjects()) if (b instanceof MultiplyBlend) noise.compositeBlend.setValue(b);
        ch = lx.engine.mixer.addChannel(new LXPattern[] { grad, noise });
        ch.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
        LXEffect e = (LXEffect) cls.getConstructor(LX.class).newInstance(lx);
        apply(e, setting, "");
        ch.addEffect(e);
        e.enabled.setValue(true);
      } else {
        SolidPattern solid = new SolidPattern(lx);
        ch = lx.engine.mixer.addChannel(new LXPattern[] { solid });
        LXModulator m = (LXModulator) make(cls, lx);
        m.label.setValue(cls.getSimpleName() + " " + (i + 1));
        lx.engine.modulation.addModulator(m);
        apply(m, setting, "");
        toStart.add(m);
        String input = INPUTS.get(scene.name());
        if (input != null) {
          Interval clock = new Interval();
          clock.label.setValue("Clock " + (i + 1));
          clock.periodMs.setValue(400);
          lx.engine.modulation.addModulator(clock);
          apply(clock, setting, "clock:");
          toStart.add(clock);
          BooleanParameter target = (BooleanParameter) m.getParameter(input);
          lx.engine.modulation.addTrigger(new LXTriggerModulation(lx.engine.modulation, clock.getTriggerSource(), target));
        }
        CompoundParameter[] targets = {
          ch.fader, (CompoundParameter) solid.getParameter("color/hue"), (CompoundParameter) solid.getParameter("color/saturation")
        };
        double[] amounts = { 1, 1, -1 };
        // Momentary outputs (a trigger is on for less than a frame) toggle effects through trigger mappings.
        double[][] effects = { { 60, 0 }, { 120, 0 }, { 0, -50 } };
        int continuous = 0, momentary = 0;
        for (String out : OUTPUTS.get(scene.name())) {
          String name = out.startsWith("!") ? out.substring(1) : out;
          LXNormalizedParameter src = switch (name) {
            case "." -> (LXNormalizedParameter) m;
            case "trigger" -> ((LXTriggerSource) m).getTriggerSource();
            default -> (LXNormalizedParameter) m.getParameter(name);
          };
          if (out.startsWith("!")) {
            heronarts.lx.effect.HueSaturationEffect hs = new heronarts.lx.effect.HueSaturationEffect(lx);
            hs.hue.setValue(effects[momentary][0]);
            hs.brightness.setValue(effects[momentary][1]);
            hs.label.setValue("Toggled " + (momentary + 1));
            ch.addEffect(hs);
            hs.enabled.setValue(false);
            lx.engine.modulation.addTrigger(new LXTriggerModulation(lx.engine.modulation, (BooleanParameter) src, hs.enabled));
            ++momentary;
          } else {
            LXCompoundModulation mod = new LXCompoundModulation(lx.engine.modulation, src, targets[continuous]);
            mod.range.setValue(amounts[continuous]);
            lx.engine.modulation.addModulation(mod);
            ++continuous;
          }
        }
        if (continuous == 0) fullFader = true;
      }
      ch.label.setValue("Ch " + (i + 1));
      ch.view.setValue(i + 1);
      ch.fader.setValue(toStart.isEmpty() || fullFader ? 1 : 0);
    }
    // Sound Object devices follow a Sound Object modulator: one at a set position.
    if (scene.what().contains("SoundObjectPattern") || scene.what().contains("SoundObjectEffect")) {
      heronarts.lx.audio.SoundObject so = new heronarts.lx.audio.SoundObject(lx);
      so.input.setValue(0.8);
      so.azimuth.setValue(40);
      so.elevation.setValue(20);
      so.distance.setValue(0.6);
      lx.engine.modulation.addModulator(so);
      toStart.add(so);
      notes.append(" A Sound Object modulator (input 0.8, azimuth 40, elevation 20, distance 0.6).");
    }
    // LX's UI starts a modulator it adds (the AddModulator command); the API leaves that to the caller.
    for (LXModulator m : toStart) m.start();
    if (INPUTS.containsKey(scene.name())) notes.append(" Input: an Interval (400 ms unless clock:periodMs says) mapped to ").append(INPUTS.get(scene.name())).append('.');
    notes.append(" Rig: three 10x6 grids tagged a, b, c; one view each; channel i shows view i.");
    lx.saveProject(new File(dir, scene.name() + ".lxp"));
    try (FileWriter w = new FileWriter(new File(dir, scene.name() + ".notes.txt"))) {
      w.write(notes.toString());
    }
    lx.dispose();
  }

  public static void main(String[] args) {
    try {
      run(args);
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
    System.exit(0);
  }

  static void run(String[] args) throws Exception {
    File dir = new File(args[0]);
    dir.mkdirs();
    for (Scene s : SCENES) {
      boolean wanted = args.length == 1;
      for (int a = 1; a < args.length; ++a) wanted |= args[a].equals(s.name());
      if (!wanted) continue;
      build(s, dir);
      System.out.println("built " + s.name());
    }
  }
}
