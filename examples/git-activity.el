;; Recent activity from git, through Bash (confined by the sandbox): commits per author and
;; the most touched files of the last 50 commits.
;;
;;   toolcall run examples/git-activity.el
;;
;; Every command here is proved read-only (git log, sort, uniq, head), so no rule is needed;
;; `--deny 'Bash(git *)'` stops it.

(defun output-lines (text)
  ;; Drop Bash's trailing <bash-execution …/> summary line.
  (let ((kept nil))
    (dolist (line (split-string text "\n" t))
      (unless (string-prefix-p "<bash-execution" line) (push line kept)))
    (reverse kept)))

(let ((results (parallel
                (Bash :command "git log -50 --no-merges --format=%an | sort | uniq -c | sort -rn"
                      :description "commits per author")
                (Bash :command "git log -50 --name-only --format= | sort | uniq -c | sort -rn | head -5"
                      :description "most touched files"))))
  (format "Commits per author:\n%s\n\nMost touched files:\n%s"
          (string-join (output-lines (nth 0 results)) "\n")
          (string-join (output-lines (nth 1 results)) "\n")))
