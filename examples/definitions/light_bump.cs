// A definition script: a method body that receives its arguments as JObject args.
var factor = (float)args["factor"];
var lights = Object.FindObjectsByType<Light>(FindObjectsSortMode.None);
Undo.RecordObjects(lights, "light_bump");
foreach (var light in lights)
    light.intensity *= factor;
return new { changed = lights.Length, factor };
