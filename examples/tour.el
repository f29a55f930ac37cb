;; A tour of this repository in one ToolCall script.
;; Four tools run in parallel — Glob, Grep, Read and a confined `git log` through Bash —
;; and the script computes a summary from their results.
;;
;;   toolcall run examples/tour.el --allow 'Bash(git log*)'

(defun lines (text) (split-string text "\n" t))

(defun parent-name (path)
  ;; packages/NAME/package.json -> NAME
  (let ((parts (split-string path "/")))
    (nth (- (length parts) 2) parts)))

(defun count-of (line)
  ;; Grep's count mode prints PATH:COUNT.
  (string-to-number (car (last (split-string line ":")))))

(let* ((found (parallel
               (Glob :pattern "packages/*/package.json")
               (Grep :pattern "^export (async )?function" :path "packages"
                     :glob "*/src/**/*.ts" :output_mode "count" :head_limit 0)
               (Read :file_path "README.md" :limit 1)
               (Bash :command "git log --oneline -5" :description "recent commits")))
       (packages (sort (mapcar 'parent-name (lines (nth 0 found)))))
       (counts (lines (nth 1 found)))
       (exported 0)
       (commits nil))
  (dolist (line counts) (setq exported (+ exported (count-of line))))
  ;; Bash appends a <bash-execution …/> summary line: keep only the commits.
  (dolist (line (lines (nth 3 found)))
    (unless (string-prefix-p "<bash-execution" line) (push line commits)))
  (format "%s: %d packages (%s)\n%d exported functions in %d source files\nRecent commits:\n  %s"
          (string-trim (cadr (split-string (car (lines (nth 2 found))) "\t")) "[# ]+")
          (length packages)
          (string-join packages ", ")
          exported
          (length counts)
          (string-join (reverse commits) "\n  ")))
