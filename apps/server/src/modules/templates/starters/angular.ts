import { packageJson, readme, type StarterFile } from "./types.ts";

const ANGULAR = "^18.2.9";

export const angular: StarterFile[] = [
  {
    path: "package.json",
    code: packageJson({
      name: "angular-starter",
      private: true,
      version: "0.0.0",
      scripts: { ng: "ng", start: "ng serve", build: "ng build", watch: "ng build --watch" },
      dependencies: {
        "@angular/common": ANGULAR,
        "@angular/compiler": ANGULAR,
        "@angular/core": ANGULAR,
        "@angular/forms": ANGULAR,
        "@angular/platform-browser": ANGULAR,
        rxjs: "~7.8.1",
        tslib: "^2.8.0",
        "zone.js": "~0.14.10",
      },
      devDependencies: {
        "@angular/build": "^18.2.10",
        "@angular/cli": "^18.2.10",
        "@angular/compiler-cli": ANGULAR,
        typescript: "~5.5.4",
      },
    }),
  },
  {
    path: "angular.json",
    code: `{
  "$schema": "./node_modules/@angular/cli/lib/config/schema.json",
  "version": 1,
  "newProjectRoot": "projects",
  "projects": {
    "angular-starter": {
      "projectType": "application",
      "root": "",
      "sourceRoot": "src",
      "prefix": "app",
      "architect": {
        "build": {
          "builder": "@angular/build:application",
          "options": {
            "outputPath": "dist/angular-starter",
            "index": "src/index.html",
            "browser": "src/main.ts",
            "polyfills": ["zone.js"],
            "tsConfig": "tsconfig.app.json",
            "styles": ["src/styles.css"]
          },
          "configurations": {
            "production": { "outputHashing": "all" },
            "development": { "optimization": false, "extractLicenses": false, "sourceMap": true }
          },
          "defaultConfiguration": "production"
        },
        "serve": {
          "builder": "@angular/build:dev-server",
          "configurations": {
            "production": { "buildTarget": "angular-starter:build:production" },
            "development": { "buildTarget": "angular-starter:build:development" }
          },
          "defaultConfiguration": "development"
        }
      }
    }
  }
}
`,
  },
  {
    path: "tsconfig.json",
    code: `{
  "compileOnSave": false,
  "compilerOptions": {
    "outDir": "./dist/out-tsc",
    "strict": true,
    "noImplicitOverride": true,
    "noImplicitReturns": true,
    "skipLibCheck": true,
    "esModuleInterop": true,
    "experimentalDecorators": true,
    "moduleResolution": "bundler",
    "importHelpers": true,
    "target": "ES2022",
    "module": "ES2022",
    "lib": ["ES2022", "dom"]
  },
  "angularCompilerOptions": {
    "strictInjectionParameters": true,
    "strictInputAccessModifiers": true,
    "strictTemplates": true
  }
}
`,
  },
  {
    path: "tsconfig.app.json",
    code: `{
  "extends": "./tsconfig.json",
  "compilerOptions": {
    "outDir": "./out-tsc/app",
    "types": []
  },
  "files": ["src/main.ts"],
  "include": ["src/**/*.d.ts"]
}
`,
  },
  {
    path: "src/index.html",
    code: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Angular</title>
    <base href="/" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <app-root></app-root>
  </body>
</html>
`,
  },
  {
    path: "src/main.ts",
    code: `import { bootstrapApplication } from "@angular/platform-browser";
import { AppComponent } from "./app/app.component";

bootstrapApplication(AppComponent).catch((error) => console.error(error));
`,
  },
  {
    path: "src/app/app.component.ts",
    code: `import { Component, signal } from "@angular/core";

@Component({
  selector: "app-root",
  standalone: true,
  templateUrl: "./app.component.html",
  styleUrl: "./app.component.css",
})
export class AppComponent {
  readonly count = signal(0);

  increment() {
    this.count.update((n) => n + 1);
  }
}
`,
  },
  {
    path: "src/app/app.component.html",
    code: `<main>
  <h1>Hello Angular</h1>
  <p>Edit src/app/app.component.ts and save to see your changes.</p>
  <button type="button" (click)="increment()">Clicked {{ count() }} {{ count() === 1 ? "time" : "times" }}</button>
</main>
`,
  },
  {
    path: "src/app/app.component.css",
    code: `main {
  max-width: 40rem;
  margin: 4rem auto;
  text-align: center;
}
`,
  },
  {
    path: "src/styles.css",
    code: `:root {
  font-family: system-ui, sans-serif;
  color-scheme: light dark;
}
`,
  },
  {
    path: "README.md",
    code: readme("Angular", "An Angular application with a standalone component and signals.", [
      ["npm start", "starts the development server (ng serve)"],
      ["npm run build", "builds the app into dist/"],
    ]),
  },
];
