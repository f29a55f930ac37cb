;;; emacs-anchor.el --- Times bench workloads in Emacs on request  -*- lexical-binding: t -*-

;;; Commentary:

;; The Emacs side of bench/run.mjs.  Loads the workloads file named by
;; TOOLCALL_WORKLOADS, turns each workload into two functions of no
;; arguments -- one interpreted (a lexical closure) and one made by
;; `byte-compile' -- and checks both against the expected printed value.
;; It prints "ready" and then answers one request per line on stdin:
;; "NAME interpreted" or "NAME byte-code" runs that function once, after a
;; garbage collection, and prints the milliseconds it took and the printed
;; value.  Compiling happens once, before "ready", so no timing includes it.
;; Answering on request lets the caller interleave Emacs runs with its own.

;;; Code:

(require 'json)

(setq max-lisp-eval-depth 10000)

(defun emacs-anchor--function (source compile)
  "A function of no arguments running SOURCE; byte-compiled when COMPILE."
  (let* ((forms (car (read-from-string (concat "(" source ")"))))
         (lambda-form `(lambda () ,@forms)))
    (if compile
        (byte-compile lambda-form)
      (eval lambda-form t))))

(defun emacs-anchor--time (function)
  "Run FUNCTION once after a garbage collection; return (MS . VALUE)."
  (garbage-collect)
  (let* ((start (float-time))
         (value (funcall function))
         (end (float-time)))
    (cons (* 1000 (- end start)) value)))

(let* ((file (getenv "TOOLCALL_WORKLOADS"))
       (data (let ((json-object-type 'alist) (json-array-type 'list))
               (json-read-file file)))
       (table (make-hash-table :test #'equal)))
  (dolist (workload (alist-get 'workloads data))
    (let ((name (alist-get 'name workload))
          (source (or (alist-get 'emacs workload) (alist-get 'source workload)))
          (expect (alist-get 'expect workload)))
      (dolist (mode '("interpreted" "byte-code"))
        (let* ((function (emacs-anchor--function source (equal mode "byte-code")))
               (printed (format "%S" (funcall function))))
          (unless (equal printed expect)
            (error "%s (%s) gave %s, expected %s" name mode printed expect))
          (puthash (concat name " " mode) function table)))))
  (princ "ready\n")
  (let (line)
    (while (setq line (condition-case nil (read-from-minibuffer "") (error nil)))
      (let ((function (gethash line table)))
        (if (null function)
            (princ (format "error unknown request %S\n" line))
          (let ((timed (emacs-anchor--time function)))
            (princ (format "%.4f %S\n" (car timed) (cdr timed)))))))))

;;; emacs-anchor.el ends here
